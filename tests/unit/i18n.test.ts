import { describe, expect, it } from "vitest";
import fr from "../../src/i18n/fr.json";
import en from "../../src/i18n/en.json";
import { useTranslations } from "../../src/lib/i18n.ts";

const keys = (tree: object, prefix = ""): string[] => Object.entries(tree).flatMap(([key, value]) => (value && typeof value === "object" ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

// A plural's forms are the language's own (CLDR): French adds `_many` (a million and more).
const stems = (tree: object) => [...new Set(keys(tree).map((key) => key.replace(/_(?:one|many|other)$/, "")))].sort();

describe("interface strings", () => {
  it("exist in both languages with the same keys and no empty value", () => {
    expect(stems(en)).toEqual(stems(fr));
    for (const key of keys(fr)) {
      expect(useTranslations("fr")(key), key).not.toBe("");
      expect(useTranslations("en")(key), key).not.toBe("");
    }
  });

  it("have every plural form i18next asks for: French 'many' from a million on", () => {
    const french = keys(fr);
    const plurals = french.filter((key) => key.endsWith("_other"));
    expect(plurals.length).toBeGreaterThan(0);
    for (const key of plurals) {
      const stem = key.replace(/_other$/, "");
      expect(french, key).toContain(`${stem}_one`);
      expect(french, key).toContain(`${stem}_many`);
      expect(useTranslations("fr")(stem, { count: 1_000_000 }), stem).not.toBe(stem);
    }
    for (const key of keys(en).filter((k) => k.endsWith("_other"))) expect(keys(en)).toContain(key.replace(/_other$/, "_one"));
  });

  it("translates and interpolates in the requested language", () => {
    expect(useTranslations("fr")("account.signIn")).toBe("Connexion");
    expect(useTranslations("en")("dashboard.welcome", { name: "Awa" })).toBe("Hello, Awa");
  });
});
