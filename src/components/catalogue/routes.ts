// getStaticPaths of every catalogue route, shared by the French and English route files
// (the slugs are the same in both languages: the French file names).
import { catalogue, INTERNATIONAL_DEPARTMENT } from "./data.ts";

const fr = () => catalogue("fr");

/** /programs/{id}: degree programmes (filières) and extension-school programmes share one id space. */
export async function programmePaths() {
  const c = await fr();
  const ids = [...c.filieres, ...c.extensionProgrammes].map((p) => p.slug);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) {
    throw new Error(`"${duplicate}" is both a filière and an extension programme: rename one of src/content/filieres/fr/${duplicate}.md or src/content/extension-programmes/fr/${duplicate}.md`);
  }
  return ids.map((programId) => ({ params: { programId } }));
}

export async function filierePaths() {
  return (await fr()).filieres.map((f) => ({ params: { filiereId: f.slug } }));
}

/** The international department has its own page; its /departments/{id} address redirects there. */
export async function departmentPaths() {
  return (await fr()).departments.filter((d) => d.slug !== INTERNATIONAL_DEPARTMENT).map((d) => ({ params: { departmentId: d.slug } }));
}

export async function schoolPaths() {
  return (await fr()).schools.map((s) => ({ params: { schoolId: s.slug } }));
}

export async function specialtyPaths() {
  return (await fr()).specialties.map((s) => ({ params: { specialtyId: s.slug } }));
}

export async function partnerPaths() {
  return (await fr()).partners.map((p) => ({ params: { partnerId: p.slug } }));
}

export async function formationPaths() {
  return (await fr()).formations.map((f) => ({ params: { formationId: f.slug } }));
}

export async function nestedFilierePaths() {
  return (await fr()).filieres.map((f) => ({ params: { departmentId: f.data.department, filiereId: f.slug } }));
}

export async function nestedSpecialtyPaths() {
  const c = await fr();
  return c.specialties.map((s) => ({
    params: { departmentId: c.filiere(s.data.filiere)!.data.department, filiereId: s.data.filiere, specialtyId: s.slug },
  }));
}

export async function nestedLevelPaths() {
  const c = await fr();
  return c.specialties.flatMap((s) =>
    s.data.levels.map((levelId) => ({
      params: { departmentId: c.filiere(s.data.filiere)!.data.department, filiereId: s.data.filiere, specialtyId: s.slug, levelId },
    })),
  );
}
