// The public catalogue, read from the content collections at build time only (no client
// cost). Every entry is looked up by slug in the page's language; when the English file is
// missing the French one is used and the entry is flagged `fallback` so the page says so.
import { getCollection, type CollectionEntry, type CollectionKey } from "astro:content";
import type { Locale } from "../../lib/locales.ts";

type LocalizedKey = Exclude<CollectionKey, "site">;

/** One catalogue entry in a language: its slug, data, the entry to render, and whether it is the French fallback. */
export interface Localized<C extends LocalizedKey> {
  slug: string;
  data: CollectionEntry<C>["data"];
  entry: CollectionEntry<C>;
  /** The language the copy is actually in. */
  lang: Locale;
  fallback: boolean;
}

function splitId(id: string): { lang: string; slug: string } {
  const [lang, ...rest] = id.split("/");
  return { lang: lang!, slug: rest.join("/") };
}

const byLocale = new Map<string, Promise<unknown>>();

/** Every entry of a collection in `locale`, French filling the gaps, sorted by `order` then title. */
export function listLocalized<C extends LocalizedKey>(collection: C, locale: Locale): Promise<Localized<C>[]> {
  const key = `${collection}:${locale}`;
  let cached = byLocale.get(key) as Promise<Localized<C>[]> | undefined;
  if (!cached) {
    cached = (async () => {
      const all = (await getCollection(collection)) as CollectionEntry<C>[];
      const fr = new Map<string, CollectionEntry<C>>();
      const en = new Map<string, CollectionEntry<C>>();
      for (const entry of all) {
        const { lang, slug } = splitId(entry.id);
        (lang === "fr" ? fr : en).set(slug, entry);
      }
      for (const slug of en.keys()) {
        if (!fr.has(slug)) {
          throw new Error(`src/content/${collection}/en/${slug}.md has no French original: add src/content/${collection}/fr/${slug}.md (French is the reference language; see src/content/README.md)`);
        }
      }
      const items: Localized<C>[] = [...fr.entries()].map(([slug, frEntry]) => {
        const translated = locale === "en" ? en.get(slug) : undefined;
        const entry = translated ?? frEntry;
        return { slug, entry, data: entry.data, lang: translated ? "en" : "fr", fallback: locale !== "fr" && !translated };
      });
      const order = (d: unknown) => (d as { order?: number }).order ?? 100;
      const title = (d: unknown) => (d as { title: string }).title;
      return items.sort((a, b) => order(a.data) - order(b.data) || title(a.data).localeCompare(title(b.data), locale));
    })();
    byLocale.set(key, cached);
  }
  return cached;
}

/** One entry by slug in `locale`; throws with the expected file when it does not exist. */
export async function getLocalized<C extends LocalizedKey>(collection: C, slug: string, locale: Locale): Promise<Localized<C>> {
  const found = (await listLocalized(collection, locale)).find((item) => item.slug === slug);
  if (!found) throw new Error(`src/content/${collection}/fr/${slug}.md is missing`);
  return found;
}

/** French slugs of a collection: the ids in URLs and in the database mirror. */
export async function slugsOf(collection: LocalizedKey): Promise<string[]> {
  return (await listLocalized(collection, "fr")).map((item) => item.slug);
}

/** The language-neutral brand facts (phone, e-mail, figures, ...) from src/content/site/brand.yaml. */
export async function brand(): Promise<CollectionEntry<"site">["data"]> {
  const entry = (await getCollection("site")).find((e) => e.id === "brand");
  if (!entry) throw new Error("src/content/site/brand.yaml is missing");
  return entry.data;
}

/** The department whose old id redirects to /university/international-department (SPEC §2). */
export const INTERNATIONAL_DEPARTMENT = "international-department";

/** Unlocalized paths of catalogue pages; pass them through localizedPath() for a link. */
export const paths = {
  school: (slug: string) => `/schools/${slug}`,
  department: (slug: string) => (slug === INTERNATIONAL_DEPARTMENT ? "/university/international-department" : `/departments/${slug}`),
  programme: (slug: string) => `/programs/${slug}`,
  filiere: (slug: string) => `/filieres/${slug}`,
  nestedFiliere: (department: string, filiere: string) => `/departments/${department}/filieres/${filiere}`,
  specialty: (slug: string) => `/specialty/${slug}`,
  nestedSpecialty: (department: string, filiere: string, specialty: string) => `/departments/${department}/filieres/${filiere}/specialties/${specialty}`,
  nestedLevel: (department: string, filiere: string, specialty: string, level: string) => `/departments/${department}/filieres/${filiere}/specialties/${specialty}/levels/${level}`,
  formation: (slug: string) => `/professional-school/formations/${slug}`,
  partner: (slug: string) => `/partners/${slug}`,
  course: (slug: string) => `/courses#${slug}`,
};

/** The whole catalogue in one language, with the relations the pages need. */
export async function catalogue(locale: Locale) {
  const [schools, departments, filieres, specialties, levels, courses, formations, extensionProgrammes, partners, initiatives] = await Promise.all([
    listLocalized("schools", locale),
    listLocalized("departments", locale),
    listLocalized("filieres", locale),
    listLocalized("specialties", locale),
    listLocalized("levels", locale),
    listLocalized("courses", locale),
    listLocalized("formations", locale),
    listLocalized("extension-programmes", locale),
    listLocalized("partners", locale),
    listLocalized("initiatives", locale),
  ]);
  const find = <T extends { slug: string }>(items: T[], slug: string | undefined) => items.find((i) => i.slug === slug);
  return {
    schools,
    departments,
    filieres,
    specialties,
    levels,
    courses,
    formations,
    extensionProgrammes,
    partners,
    initiatives,
    school: (slug: string) => find(schools, slug),
    department: (slug: string) => find(departments, slug),
    filiere: (slug: string) => find(filieres, slug),
    specialty: (slug: string) => find(specialties, slug),
    level: (slug: string) => find(levels, slug),
    departmentsOf: (school: string) => departments.filter((d) => d.data.school === school),
    filieresOf: (department: string) => filieres.filter((f) => f.data.department === department),
    specialtiesOf: (filiere: string) => specialties.filter((s) => s.data.filiere === filiere),
    coursesOf: (filiere: string, opts: { specialty?: string; level?: string } = {}) =>
      courses.filter((c) => c.data.filiere === filiere && (!opts.level || c.data.level === opts.level) && (!opts.specialty || !c.data.specialty || c.data.specialty === opts.specialty)),
  };
}

export type Catalogue = Awaited<ReturnType<typeof catalogue>>;
