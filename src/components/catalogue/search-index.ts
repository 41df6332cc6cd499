// The static search index of one language: programmes, departments, specialties, formations
// and courses, as a small JSON file built with the site (no search server).
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { catalogue, paths } from "./data.ts";

export interface SearchDoc {
  /** kind: programme, department, specialty, formation, course, school */
  k: string;
  t: string;
  d: string;
  u: string;
  /** extra words that should match (codes, degree, tier, sector, ...) */
  x?: string;
}

export async function searchIndex(locale: Locale): Promise<SearchDoc[]> {
  const c = await catalogue(locale);
  const url = (p: string) => localizedPath(locale, p);
  return [
    ...c.schools.map((s) => ({ k: "school", t: s.data.title, d: s.data.description, u: url(paths.school(s.slug)) })),
    ...c.departments.map((d) => ({ k: "department", t: d.data.title, d: d.data.description, u: url(paths.department(d.slug)) })),
    ...c.filieres.map((f) => ({ k: "filiere", t: f.data.title, d: f.data.description, u: url(paths.programme(f.slug)), x: `${f.data.degree} ${f.data.careers.join(" ")}` })),
    ...c.extensionProgrammes.map((p) => ({ k: "programme", t: p.data.title, d: p.data.description, u: url(paths.programme(p.slug)), x: p.data.kind })),
    ...c.specialties.map((s) => ({ k: "specialty", t: s.data.title, d: s.data.description, u: url(paths.specialty(s.slug)), x: s.data.skills.join(" ") })),
    ...c.formations.map((f) => ({ k: "formation", t: f.data.title, d: f.data.description, u: url(paths.formation(f.slug)), x: `${f.data.tier} ${f.data.sector}` })),
    ...c.courses.map((course) => ({ k: "course", t: course.data.title, d: course.data.description, u: url(paths.course(course.slug)), x: course.data.code })),
  ];
}

export async function searchIndexResponse(locale: Locale): Promise<Response> {
  return new Response(JSON.stringify(await searchIndex(locale)), { headers: { "content-type": "application/json; charset=utf-8" } });
}
