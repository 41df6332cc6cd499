// Each CMS entry's "Preview" link (/keystatic/preview/<collection>/<lang>/<slug>) leads to
// the public page that shows it, in its language (src/cms/preview.ts).
import { describe, expect, it } from "vitest";
import { publicPage } from "../../src/cms/preview.ts";

describe("publicPage", () => {
  it("finds an entry's page in French and under /en in English", () => {
    expect(publicPage("filieres", "fr", "software-engineering")).toBe("/programs/software-engineering");
    expect(publicPage("filieres", "en", "software-engineering")).toBe("/en/programs/software-engineering");
    expect(publicPage("extension-programmes", "fr", "executive-mba")).toBe("/programs/executive-mba");
    expect(publicPage("formations", "en", "web-developer")).toBe("/en/professional-school/formations/web-developer");
    expect(publicPage("departments", "fr", "international-department")).toBe("/university/international-department");
  });

  it("sends the site's pages to their own address, the home page to /", () => {
    expect(publicPage("pages", "fr", "home")).toBe("/");
    expect(publicPage("pages", "en", "home")).toBe("/en/");
    expect(publicPage("pages", "en", "contact")).toBe("/en/contact");
  });

  it("knows no other collection or language", () => {
    expect(publicPage("users", "fr", "x")).toBeNull();
    expect(publicPage("filieres", "de", "software-engineering")).toBeNull();
  });
});
