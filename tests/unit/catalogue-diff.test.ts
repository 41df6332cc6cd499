import { describe, expect, it } from "vitest";
import { compareCatalogue, type CatalogueSet } from "../../src/lib/catalogue-diff.ts";

const empty = (): CatalogueSet => ({ schools: [], departments: [], programmes: [], specialties: [], formations: [], extension_programmes: [] });
const entry = (slug: string, parent: string | null, name_fr = slug, name_en = slug) => ({ slug, parent, name_fr, name_en });

describe("catalogue differences", () => {
  it("finds nothing when both sides agree", () => {
    const site = { ...empty(), departments: [entry("droit", "open-university")] };
    expect(compareCatalogue(site, structuredClone(site))).toEqual([]);
  });

  it("names an entry on one side only, a moved one and a renamed one", () => {
    const site = { ...empty(), departments: [entry("droit", "open-university"), entry("medecine", "open-university"), entry("lettres", "open-university", "Lettres", "Arts")] };
    const database = { ...empty(), departments: [entry("droit", "professional-school"), entry("lettres", "open-university", "Lettres modernes", "Arts"), entry("theologie", "open-university")] };
    expect(compareCatalogue(site, database)).toEqual([
      { kind: "departments", slug: "droit", issue: "parent_differs", site: "open-university", database: "professional-school" },
      { kind: "departments", slug: "medecine", issue: "missing_in_database", site: "medecine" },
      { kind: "departments", slug: "lettres", issue: "name_fr_differs", site: "Lettres", database: "Lettres modernes" },
      { kind: "departments", slug: "theologie", issue: "missing_on_site", database: "theologie" },
    ]);
  });
});
