// The templates the database names (supabase/migrations/ from 20260816000001_notification_texts.sql
// on, and worker/plan.ts) exist in both languages, and their values are written by Intl.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { DASHBOARD_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import { useTranslations } from "../../src/lib/i18n.ts";
import { notificationText, notificationValues } from "../../src/lib/notifications/texts.ts";
import { createTranslate } from "../../src/lib/translate.ts";

const STORED = { title: "stored title", message: "stored message", action_label: "stored action" };
const dashboard = (locale: "fr" | "en") => createTranslate(messagesFor(locale, DASHBOARD_MESSAGE_PATHS), locale);

/** Every key the SQL writes: literals, and the families it completes with a status. */
function keysWritten(): string[] {
  const migrations = new URL("../../supabase/migrations/", import.meta.url);
  const sql = readdirSync(migrations)
    .filter((file) => file >= "20260816000001")
    .map((file) => readFileSync(new URL(file, migrations), "utf8"))
    .join("\n");
  const literals = [...sql.matchAll(/'((?:session|payment|grade|results|assignment)[A-Z]\w+)'/g)].map((m) => m[1]);
  const application = ["submitted", "under_review", "documents_requested", "admitted", "waitlisted", "rejected", "enrolled", "withdrawn"].map((s) => `application.${s}`);
  const partner = ["approved", "waitlisted", "rejected"].map((s) => `partnerRequest.${s}`);
  return [...new Set(["courseStarting", ...literals, ...application, ...partner])];
}

describe("notification templates", () => {
  it("exist for every key the database writes, with a title, a message and a button, in both languages", () => {
    const keys = keysWritten();
    expect(keys).toEqual(expect.arrayContaining(["sessionChanged", "sessionCancelled", "paymentLate", "paymentSoon", "gradePublished", "gradeChanged", "resultsPublished", "assignmentDue"]));
    for (const locale of ["fr", "en"] as const) {
      for (const t of [dashboard(locale), useTranslations(locale)]) {
        for (const key of keys) {
          const words = notificationText({ ...STORED, text_key: key, text_params: {} }, locale, t);
          expect(words.title, `${locale} ${key}`).not.toBe(STORED.title);
          expect(words.message, `${locale} ${key}`).not.toBe(STORED.message);
          expect(words.action, `${locale} ${key}`).not.toBe(STORED.action_label);
        }
      }
    }
  });

  it("write amounts, days, instants and bilingual labels in the reader's language", () => {
    const params = { remaining_xaf: 140000, due_on: "2026-12-24", start_at: "2026-11-23T08:30:00Z", label: { fr: "2e tranche", en: "2nd instalment" }, count: 3 };
    expect(notificationValues("fr", params)).toEqual({ remaining_xaf: "140\u202f000\u00a0FCFA", due_on: "24 décembre 2026", start_at: "lun. 23 nov., 09:30", label: "2e tranche", count: 3 });
    expect(notificationValues("en", params)).toEqual({ remaining_xaf: "FCFA\u00a0140,000", due_on: "24 December 2026", start_at: "Mon 23 Nov, 09:30", label: "2nd instalment", count: 3 });
  });

  it("keep the stored words without a key, or for a key no template has", () => {
    expect(notificationText({ ...STORED, text_key: null }, "en", dashboard("en"))).toEqual({ title: "stored title", message: "stored message", action: "stored action" });
    expect(notificationText({ ...STORED, text_key: "noSuchTemplate" }, "en", dashboard("en"))).toEqual({ title: "stored title", message: "stored message", action: "stored action" });
  });
});
