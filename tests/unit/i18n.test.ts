import { describe, expect, it } from "vitest";
import fr from "../../src/i18n/fr.json";
import en from "../../src/i18n/en.json";
import { useTranslations } from "../../src/lib/i18n.ts";

const keys = (tree: object, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === "object" ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe("interface strings", () => {
  it("exist in both languages with the same keys and no empty value", () => {
    expect(keys(en).sort()).toEqual(keys(fr).sort());
    for (const key of keys(fr)) {
      expect(useTranslations("fr")(key), key).not.toBe("");
      expect(useTranslations("en")(key), key).not.toBe("");
    }
  });

  it("translates and interpolates in the requested language", () => {
    expect(useTranslations("fr")("account.signIn")).toBe("Connexion");
    expect(useTranslations("en")("dashboard.welcome", { name: "Awa" })).toBe("Hello, Awa");
  });
});
