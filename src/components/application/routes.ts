// getStaticPaths of the application pages with a programme preselected (the French slugs,
// shared by both languages, as the catalogue's own pages).
import { catalogue } from "../catalogue/data.ts";

export async function extensionApplicationPaths() {
  return (await catalogue("fr")).extensionProgrammes.map((p) => ({ params: { programId: p.slug } }));
}

export async function professionalApplicationPaths() {
  return (await catalogue("fr")).formations.map((f) => ({ params: { formationId: f.slug } }));
}
