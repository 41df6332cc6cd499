// Issue 15 item 10: the sign-in islands get their strings from the page, in its language
// only, and translate without i18next (same lookups and {{values}} as the site's i18next).
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import { createTranslate } from "../../src/lib/translate.ts";
import { useTranslations } from "../../src/lib/i18n.ts";
import { authErrorKey } from "../../src/lib/auth/messages.ts";

describe("the sign-in islands' strings", () => {
  it("say what i18next says, in the page's language only", () => {
    for (const locale of ["fr", "en"] as const) {
      const t = createTranslate(messagesFor(locale, AUTH_MESSAGE_PATHS));
      const full = useTranslations(locale);
      for (const key of [
        "auth.fields.email",
        "auth.actions.signUp",
        "auth.errors.invalidCredentials",
        "mfa.challengeTitle",
        "signIn.title",
        "guard.checking",
        "account.dashboard",
        authErrorKey({ code: "weak_password" }),
      ]) {
        expect(t(key), key).toBe(full(key));
      }
    }
    const english = JSON.stringify(messagesFor("en", AUTH_MESSAGE_PATHS));
    expect(english).not.toContain("Mot de passe oublié");
    expect(JSON.stringify(messagesFor("fr", AUTH_MESSAGE_PATHS))).not.toContain("Forgotten password");
    // Only what the islands use: not the public site's or the dashboard's strings.
    expect(Object.keys(messagesFor("fr", AUTH_MESSAGE_PATHS)).sort()).toEqual(["account", "auth", "guard", "mfa", "signIn"]);
  });

  it("fill {{values}} and give the key back when a string is missing", () => {
    const t = createTranslate({ a: { hello: "Bonjour, {{name}}" } });
    expect(t("a.hello", { name: "Awa" })).toBe("Bonjour, Awa");
    expect(t("a.missing")).toBe("a.missing");
    expect(t("a")).toBe("a");
  });
});
