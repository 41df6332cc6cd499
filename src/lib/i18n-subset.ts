// At build time: the part of the interface strings a client island needs, in one language
// (French filling any gap, as i18next's fallback does), to pass as a prop. The island then
// translates with src/lib/translate.ts and ships neither i18next nor the other language.
import fr from "../i18n/fr.json" with { type: "json" };
import en from "../i18n/en.json" with { type: "json" };
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";
import type { Messages } from "./translate.ts";

const ALL = { fr, en } as unknown as Record<Locale, Messages>;

function at(messages: Messages, path: string): string | Messages | undefined {
  let found: string | Messages | undefined = messages;
  for (const part of path.split(".")) found = typeof found === "object" ? found[part] : undefined;
  return found;
}

// A plural form the other language has and this one lacks (French `_many`) is no gap: the
// language's own `_other` covers its counts.
const pluralForm = /_(?:zero|one|two|few|many|other)$/;
const ownPlural = (over: Messages, key: string) => pluralForm.test(key) && key.replace(pluralForm, "_other") in over;

function merge(base: string | Messages | undefined, over: string | Messages | undefined): string | Messages | undefined {
  if (typeof base !== "object" || typeof over !== "object") return over ?? base;
  const out: Messages = Object.fromEntries(Object.entries(base).filter(([key]) => key in over || !ownPlural(over, key)));
  for (const [key, value] of Object.entries(over)) out[key] = merge(base[key], value) as string | Messages;
  return out;
}

function put(target: Messages, path: string, value: string | Messages) {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Messages;
  node[parts.at(-1)!] = value;
}

/** The strings under `paths` (dotted: "auth", "mfa.errors", "guard.checking") for `locale`. */
export function messagesFor(locale: Locale, paths: readonly string[]): Messages {
  const out: Messages = {};
  for (const path of paths) {
    const value = merge(at(ALL[DEFAULT_LOCALE], path), at(ALL[locale], path));
    if (value !== undefined) put(out, path, value);
  }
  return out;
}

/** What the authentication islands say (forms, server errors, the second-factor step). */
export const AUTH_MESSAGE_PATHS = ["auth", "signIn", "mfa.challengeTitle", "mfa.challengeIntro", "mfa.errors", "guard.checking", "account.dashboard"] as const;

/** What the signed-in application says from the shared catalogue (its features keep their
 *  own strings beside their pages): the public site's sections stay out. */
export const DASHBOARD_MESSAGE_PATHS = ["site", "account", "language", "help", "dashboard", "notifications", "errors", "guard", "mfa", "auth", "signIn"] as const;
