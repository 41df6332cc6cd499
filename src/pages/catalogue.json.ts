// The markdown catalogue as data (slugs, parents, names in both languages), built with the
// site. admin/content compares it with the catalogue tables. Public: it says nothing the
// pages do not.
import { catalogue } from "../components/catalogue/data.ts";
import type { CatalogueSet } from "../lib/catalogue-diff.ts";

export async function GET() {
  const [fr, en] = await Promise.all([catalogue("fr"), catalogue("en")]);
  const entries = <T extends { slug: string; data: { title: string } }>(frItems: T[], enItems: T[], parent: (item: T) => string | null) =>
    frItems.map((item) => ({
      slug: item.slug,
      parent: parent(item),
      name_fr: item.data.title,
      name_en: enItems.find((e) => e.slug === item.slug)?.data.title ?? item.data.title,
    }));
  const body: CatalogueSet = {
    schools: entries(fr.schools, en.schools, () => null),
    departments: entries(fr.departments, en.departments, (d) => d.data.school),
    programmes: entries(fr.filieres, en.filieres, (f) => f.data.department),
    specialties: entries(fr.specialties, en.specialties, (s) => s.data.filiere),
    formations: entries(fr.formations, en.formations, () => null),
    extension_programmes: entries(fr.extensionProgrammes, en.extensionProgrammes, () => null),
  };
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}
