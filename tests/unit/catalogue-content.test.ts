// From the content's front matter to the columns public.sync_catalogue writes: the facts the
// tables hold differently (a filière's degree from its levels, an extension programme's
// delivery, a formation's school), the English fallback, and a wrong file named.
import { describe, expect, it } from "vitest";
import { catalogueContent, type ContentSource } from "../../src/lib/catalogue-sync/content.ts";

const text = (title: string) => ({ title, description: `${title}, en une phrase.` });
const source = (): ContentSource => ({
  schools: [
    { slug: "open-university", fr: { ...text("Université ouverte"), kind: "university", order: 1 }, en: text("Open University") },
    { slug: "professional-school", fr: { ...text("École professionnelle"), kind: "professional" } },
    { slug: "extension-school", fr: { ...text("École d'extension"), kind: "extension" } },
  ],
  departments: [{ slug: "computer-science", fr: { ...text("Informatique"), school: "open-university" } }],
  filieres: [
    { slug: "both", fr: { ...text("Les deux"), department: "computer-science", levels: ["l1", "m2"] } },
    { slug: "licence-only", fr: { ...text("Licence"), department: "computer-science", levels: ["l1", "l2", "l3"] } },
    { slug: "master-only", fr: { ...text("Master"), department: "computer-science", levels: ["m1", "m2"] } },
  ],
  specialties: [{ slug: "data", fr: { ...text("Données"), filiere: "both", levels: ["m1", "l3"] } }],
  levels: [{ slug: "l1", fr: { ...text("Licence 1"), code: "L1" }, en: text("Bachelor's year 1") }],
  formations: [{ slug: "web", fr: { ...text("Web"), tier: "CQP", durationMonths: 9, internshipMonths: 3 } }],
  "extension-programmes": [
    { slug: "cert", fr: { ...text("Certificat"), kind: "certificate", delivery: "video", durationMonths: 3 } },
    { slug: "mba", fr: { ...text("MBA"), kind: "mba", delivery: "blended", durationMonths: 18 } },
  ],
});

describe("the catalogue as the sync takes it", () => {
  const content = catalogueContent(source());

  it("names and summaries in both languages, French filling a missing translation; order defaults to 100", () => {
    expect(content.schools[0]).toEqual({
      slug: "open-university",
      kind: "university",
      position: 1,
      name_fr: "Université ouverte",
      name_en: "Open University",
      summary_fr: "Université ouverte, en une phrase.",
      summary_en: "Open University, en une phrase.",
    });
    expect(content.schools[1]).toMatchObject({ name_en: "École professionnelle", position: 100 });
    expect(content.levels).toEqual([{ code: "L1", name_fr: "Licence 1", name_en: "Bachelor's year 1" }]);
  });

  it("a filière's degree from its levels; a specialty's levels in capitals, sorted", () => {
    expect(content.programmes.map((p) => [p.slug, p.degree])).toEqual([
      ["both", "licence-master"],
      ["licence-only", "licence"],
      ["master-only", "master"],
    ]);
    expect(content.specialties[0]).toMatchObject({ parent: "both", levels: ["L3", "M1"] });
  });

  it("formations under the professional school, extension programmes under the extension school, blended taught live", () => {
    expect(content.formations[0]).toMatchObject({ parent: "professional-school", certificate: "CQP", duration_months: 9, internship_months: 3 });
    expect(content.extension_programmes.map((x) => [x.parent, x.credential, x.delivery])).toEqual([
      ["extension-school", "certificate", "recorded"],
      ["extension-school", "mba", "virtual_class"],
    ]);
  });

  it("a wrong or missing field names its file", () => {
    const broken = source();
    broken.filieres[1].fr.levels = ["l4"];
    expect(() => catalogueContent(broken)).toThrow("src/content/filieres/fr/licence-only.md: levels.0:");
    const untitled = source();
    untitled.departments[0].en = { description: "No title" };
    expect(() => catalogueContent(untitled)).toThrow("src/content/departments/en/computer-science.md: title:");
  });
});
