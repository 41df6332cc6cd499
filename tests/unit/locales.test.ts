import { describe, expect, it } from "vitest";
import { alternatePath, DEFAULT_LOCALE, localeOfPath, localizedPath, PREFERRED_LANGUAGE_KEY, unlocalizedPath } from "../../src/lib/locales.ts";

describe("locales", () => {
  it("defaults to French and remembers the choice under preferred-language (SPEC §1, §9)", () => {
    expect(DEFAULT_LOCALE).toBe("fr");
    expect(PREFERRED_LANGUAGE_KEY).toBe("preferred-language");
  });

  it("reads the language from the path", () => {
    expect(localeOfPath("/")).toBe("fr");
    expect(localeOfPath("/programs")).toBe("fr");
    expect(localeOfPath("/en")).toBe("en");
    expect(localeOfPath("/en/programs/x")).toBe("en");
    expect(localeOfPath("/english-club")).toBe("fr");
  });

  it("maps a page to the same page in the other language", () => {
    expect(unlocalizedPath("/en/")).toBe("/");
    expect(localizedPath("en", "/")).toBe("/en/");
    expect(localizedPath("en", "/programs/informatique")).toBe("/en/programs/informatique");
    expect(localizedPath("fr", "/en/programs/informatique")).toBe("/programs/informatique");
    expect(alternatePath("/departments")).toBe("/en/departments");
    expect(alternatePath("/en/departments")).toBe("/departments");
    expect(alternatePath("/en")).toBe("/");
  });
});
