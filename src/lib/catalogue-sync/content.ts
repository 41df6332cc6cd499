// The catalogue's structure as the content gives it, in the shape public.sync_catalogue
// takes: from each entry's front matter (the French file, the English one for the English
// name and summary) to the columns of its table. One mapping for the CLI (which reads the
// files) and for the site's /catalogue.json (which admin/content compares with the tables).
// No I/O here. The build (src/content.config.ts) validates every field; this reads only
// the ones the database holds, and says which file is wrong when one is missing.
import * as z from "zod/mini";

/** One content entry: its French slug and front matter, and the English front matter if translated. */
export interface ContentEntry {
  slug: string;
  fr: Record<string, unknown>;
  en?: Record<string, unknown>;
}
/** Content collection → its entries. */
export type ContentSource = Record<string, ContentEntry[]>;

interface Names {
  slug: string;
  name_fr: string;
  name_en: string;
  summary_fr: string;
  summary_en: string;
  position: number;
}
export interface CatalogueContent {
  schools: (Names & { kind: "university" | "professional" | "extension" })[];
  departments: (Names & { parent: string })[];
  programmes: (Names & { parent: string; degree: "licence" | "master" | "licence-master" })[];
  specialties: (Names & { parent: string; levels: string[] })[];
  levels: { code: string; name_fr: string; name_en: string }[];
  formations: (Names & { parent: string; certificate: string; duration_months: number; internship_months: number })[];
  extension_programmes: (Names & { parent: string; credential: string; delivery: "recorded" | "virtual_class"; duration_months: number })[];
}

const levelCode = z.enum(["l1", "l2", "l3", "m1", "m2"]);
const common = { title: z.string().check(z.minLength(1)), description: z.string(), order: z._default(z.number().check(z.int()), 100) };
const translation = z.object({ title: z.string().check(z.minLength(1)), description: z.string() });
const SCHEMAS = {
  schools: z.object({ ...common, kind: z.enum(["university", "professional", "extension"]) }),
  departments: z.object({ ...common, school: z.string() }),
  filieres: z.object({ ...common, department: z.string(), levels: z.array(levelCode).check(z.minLength(1)) }),
  specialties: z.object({ ...common, filiere: z.string(), levels: z.array(levelCode).check(z.minLength(1)) }),
  levels: z.object({ ...common, code: z.enum(["L1", "L2", "L3", "M1", "M2"]) }),
  formations: z.object({ ...common, tier: z.enum(["AQP", "CQP", "DQP"]), durationMonths: z.number().check(z.int()), internshipMonths: z.number().check(z.int()) }),
  "extension-programmes": z.object({
    ...common,
    kind: z.enum(["certificate", "diploma", "mba"]),
    delivery: z.enum(["video", "virtual-class", "blended"]),
    durationMonths: z.number().check(z.int()),
  }),
};
type Collection = keyof typeof SCHEMAS;
export const CONTENT_COLLECTIONS = Object.keys(SCHEMAS) as Collection[];

/** The entries of a collection, parsed, with their names and summaries in both languages. */
function parsed<S extends z.ZodMiniType<{ title: string; description: string; order: number }>>(source: ContentSource, collection: Collection, schema: S) {
  return (source[collection] ?? []).map((entry) => {
    const data: z.infer<S> = check(schema, entry.fr, `${collection}/fr/${entry.slug}`);
    // A missing English file falls back to French on the site; so does its name here.
    const en = entry.en ? check(translation, entry.en, `${collection}/en/${entry.slug}`) : data;
    const names: Names = { slug: entry.slug, name_fr: data.title, name_en: en.title, summary_fr: data.description, summary_en: en.description, position: data.order };
    return { names, data };
  });
}

function check<S extends z.ZodMiniType>(schema: S, value: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(front matter)"}: ${issue.message}`).join("; ");
  throw new Error(`src/content/${file}.md: ${issues}`);
}

/** The one school of a kind (formations belong to the professional school, extension programmes to the extension school). */
function schoolOfKind(schools: CatalogueContent["schools"], kind: "professional" | "extension"): string {
  const found = schools.filter((s) => s.kind === kind);
  if (found.length !== 1) throw new Error(`src/content/schools: ${found.length} schools of kind "${kind}" (one expected)`);
  return found[0].slug;
}

const upper = (levels: string[]) => levels.map((l) => l.toUpperCase());

export function catalogueContent(source: ContentSource): CatalogueContent {
  const schools = parsed(source, "schools", SCHEMAS["schools"]).map(({ names, data }) => ({ ...names, kind: data.kind }));
  return {
    schools,
    departments: parsed(source, "departments", SCHEMAS["departments"]).map(({ names, data }) => ({ ...names, parent: data.school })),
    programmes: parsed(source, "filieres", SCHEMAS["filieres"]).map(({ names, data }) => {
      const licence = data.levels.some((l) => l.startsWith("l"));
      const master = data.levels.some((l) => l.startsWith("m"));
      return { ...names, parent: data.department, degree: licence && master ? "licence-master" : master ? "master" : "licence" };
    }),
    specialties: parsed(source, "specialties", SCHEMAS["specialties"]).map(({ names, data }) => ({ ...names, parent: data.filiere, levels: upper(data.levels).sort() })),
    levels: parsed(source, "levels", SCHEMAS["levels"]).map(({ names, data }) => ({ code: data.code, name_fr: names.name_fr, name_en: names.name_en })),
    formations: parsed(source, "formations", SCHEMAS["formations"]).map(({ names, data }) => ({
      ...names,
      parent: schoolOfKind(schools, "professional"),
      certificate: data.tier,
      duration_months: data.durationMonths,
      internship_months: data.internshipMonths,
    })),
    extension_programmes: parsed(source, "extension-programmes", SCHEMAS["extension-programmes"]).map(({ names, data }) => ({
      ...names,
      parent: schoolOfKind(schools, "extension"),
      credential: data.kind,
      // The table knows recorded videos and virtual classes; a blended programme has live classes.
      delivery: data.delivery === "video" ? "recorded" : "virtual_class",
      duration_months: data.durationMonths,
    })),
  };
}
