// A notification's words in the reader's language. The database writes each notification
// once, in its recipient's profile language (title, message, action_label: what e-mails
// and old rows keep), and, for the kinds it knows, a key and its values: text_key names
// a template of the catalogue (src/i18n/*.json, notifications.texts.<key>), text_params
// holds the raw values. The screen renders the template in the page's language, so a
// notification follows the reader who switches language; without a key, or with a key
// the catalogue lacks, the stored words stay.
//
// Values are written by Intl from their name, so SQL stores facts, never formatted text:
//   *_xaf: francs (140 000 FCFA) · *_on: a calendar day, YYYY-MM-DD (15 octobre 2026)
//   *_at: an instant (lun. 23 nov., 09:30) · other numbers: 2 500
//   {"fr": …, "en": …}: a bilingual value (a fee label) · count: chooses the plural form
//   context: chooses a sentence's variant (message_<context>), as i18next's context does.
import { formatDate, formatDateTime, formatNumber, formatXaf } from "../format.ts";
import type { Locale } from "../locales.ts";

/** What a stored notification says, and how to say it again (src/dashboard/notifications/data.ts). */
export interface NotificationWords {
  title: string;
  message: string;
  action_label: string | null;
  text_key?: string | null;
  text_params?: Record<string, unknown> | null;
}

/** A translate function: lib/translate (dashboard) or i18next's t (worker). */
export type TranslateFn = (key: string, values?: Record<string, unknown>) => string;

const TEMPLATES = "notifications.texts";

/** One value as the reader reads it. */
function written(locale: Locale, name: string, value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const both = value as Record<string, unknown>;
    return both[locale] ?? both.fr ?? "";
  }
  if (name === "count" || name === "context") return value;
  if (typeof value === "number") return name.endsWith("_xaf") ? formatXaf(locale, value) : formatNumber(locale, value);
  if (typeof value === "string" && name.endsWith("_on") && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(locale, `${value}T12:00:00Z`);
  if (typeof value === "string" && name.endsWith("_at") && !Number.isNaN(Date.parse(value))) return formatDateTime(locale, value);
  return value ?? "";
}

/** The template's values, each written for `locale`. */
export function notificationValues(locale: Locale, params: Record<string, unknown> | null | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params ?? {}).map(([name, value]) => [name, written(locale, name, value)]));
}

/** A template string, or undefined when the catalogue has none (the key comes back). */
function template(t: TranslateFn, key: string, values: Record<string, unknown>): string | undefined {
  const text = t(key, values);
  return text === key || text === "" ? undefined : text;
}

/**
 * Title, message and action label in `locale`. A template's part may sit with the key
 * (notifications.texts.paymentLate.action) or one level up, shared by a family's keys
 * (notifications.texts.application.action).
 */
export function notificationText(n: NotificationWords, locale: Locale, t: TranslateFn): { title: string; message: string; action: string | null } {
  const stored = { title: n.title, message: n.message, action: n.action_label };
  if (!n.text_key || !/^[A-Za-z][\w.]*$/.test(n.text_key)) return stored;
  const values = notificationValues(locale, n.text_params);
  const key = `${TEMPLATES}.${n.text_key}`;
  const parent = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : key;
  return {
    title: template(t, `${key}.title`, values) ?? stored.title,
    message: template(t, `${key}.message`, values) ?? stored.message,
    action: template(t, `${key}.action`, values) ?? (parent !== TEMPLATES ? template(t, `${parent}.action`, values) : undefined) ?? stored.action,
  };
}
