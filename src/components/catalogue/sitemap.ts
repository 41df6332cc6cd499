// Every canonical public page, for sitemap.xml (pages that duplicate another, such as
// /filieres/{id}, point to it with rel=canonical and are left out).
import { localizedPath, LOCALES } from "../../lib/locales.ts";
import { catalogue, INTERNATIONAL_DEPARTMENT, paths } from "./data.ts";

export const STATIC_PATHS = [
  "/",
  "/programs",
  "/select-program",
  "/about",
  "/courses",
  "/departments",
  "/contact",
  "/inscription",
  "/partners",
  "/harvard-online-v3",
  "/dashboard/student-portal",
  "/privacy",
];

export async function canonicalPaths(): Promise<string[]> {
  const c = await catalogue("fr");
  return [
    ...STATIC_PATHS,
    ...c.schools.map((s) => paths.school(s.slug)),
    ...c.departments.map((d) => paths.department(d.slug)),
    ...c.filieres.map((f) => paths.programme(f.slug)),
    ...c.extensionProgrammes.map((p) => paths.programme(p.slug)),
    ...c.specialties.map((s) => paths.specialty(s.slug)),
    ...c.specialties.flatMap((s) => {
      const dept = c.filiere(s.data.filiere)!.data.department;
      return s.data.levels.map((l) => paths.nestedLevel(dept, s.data.filiere, s.slug, l));
    }),
    ...c.formations.map((f) => paths.formation(f.slug)),
    ...c.partners.map((p) => paths.partner(p.slug)),
  ].filter((p, i, all) => all.indexOf(p) === i && p !== `/departments/${INTERNATIONAL_DEPARTMENT}`);
}

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

export async function sitemapXml(site: URL): Promise<string> {
  const urls = (await canonicalPaths()).flatMap((path) => {
    const alternates = LOCALES.map((l) => ({ lang: l, href: new URL(localizedPath(l, path), site).href }));
    const links = [...alternates, { lang: "x-default", href: alternates[0]!.href }].map((a) => `<xhtml:link rel="alternate" hreflang="${a.lang}" href="${escape(a.href)}"/>`).join("");
    return alternates.map((a) => `<url><loc>${escape(a.href)}</loc>${links}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
