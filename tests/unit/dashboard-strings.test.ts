// The signed-in application translates the shared catalogue without i18next: the page passes
// the sections it uses in its one language. Every key, plural and value must read as i18next
// reads it on the site, or a string would silently change.
import { describe, expect, it } from "vitest";
import { DASHBOARD_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import { createTranslate, type Messages } from "../../src/lib/translate.ts";
import { useTranslations } from "../../src/lib/i18n.ts";

function keysOf(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));
}

describe("the dashboard's shared strings", () => {
  it("say what i18next says for every key they carry, in both languages", () => {
    for (const locale of ["fr", "en"] as const) {
      const messages = messagesFor(locale, DASHBOARD_MESSAGE_PATHS);
      const t = createTranslate(messages, locale);
      const full = useTranslations(locale);
      const keys = keysOf(messages);
      expect(keys.length).toBeGreaterThan(100);
      for (const key of keys) expect(t(key, { name: "Awa", count: 3 }), key).toBe(full(key, { name: "Awa", count: 3 }));
    }
  });

  it("choose the plural form by count as i18next does (French 0 and 1 are singular, millions 'many')", () => {
    for (const locale of ["fr", "en"] as const) {
      const t = createTranslate(messagesFor(locale, DASHBOARD_MESSAGE_PATHS), locale);
      const full = useTranslations(locale);
      for (const count of [0, 1, 2, 21, 2500, 1_000_000]) {
        expect(t("notifications.center.unread", { count })).toBe(full("notifications.center.unread", { count }));
      }
    }
    const fr = createTranslate(messagesFor("fr", DASHBOARD_MESSAGE_PATHS), "fr");
    expect(fr("notifications.center.unread", { count: 0 })).toBe("0 notification non lue");
    expect(fr("notifications.center.unread", { count: 2500 })).toBe("2\u202f500 notifications non lues");
    expect(fr("notifications.center.unread", { count: 1_000_000 })).toBe("1\u202f000\u202f000 notifications non lues");
    expect(createTranslate(messagesFor("en", DASHBOARD_MESSAGE_PATHS), "en")("notifications.center.unread", { count: 0 })).toBe("0 unread notifications");
    expect(useTranslations("en")("notifications.center.unread", { count: 2500 })).toBe("2,500 unread notifications");
  });

  it("leave out the public site's sections and the other language", () => {
    const french = messagesFor("fr", DASHBOARD_MESSAGE_PATHS);
    expect(Object.keys(french)).not.toContain("public");
    expect(JSON.stringify(messagesFor("en", DASHBOARD_MESSAGE_PATHS))).not.toContain("non lue");
  });
});
