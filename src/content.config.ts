// Every content collection and its zod schema: an editor's mistake fails the build with
// the collection, the file (<collection>/<fr|en>/<slug>) and the field named. The fields
// are defined once in src/lib/content/model.ts, which the CMS (/keystatic) makes its forms from.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";
import { SLUG, type Fields } from "./lib/content/fields.ts";
import { CONTENT, type EntryCollection, type EntryModel } from "./lib/content/model.ts";
import { objectSchema } from "./lib/content/schema.ts";

/** Where the markdown lives; the build-scale benchmark points this at a generated copy. */
const CONTENT_ROOT = process.env.CONTENT_ROOT ?? "./src/content";

/** Slugs of the French entries of a collection: the only ids another entry may reference. */
function slugsOf(collection: string): [string, ...string[]] {
  let files: string[] = [];
  try {
    files = readdirSync(join(CONTENT_ROOT, collection, "fr"));
  } catch {
    // No folder yet: the enum below then rejects every reference with a clear message.
  }
  const slugs = files.filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3));
  return slugs.length ? (slugs as [string, ...string[]]) : ["(none)"];
}

/** A reference to another collection by its slug, e.g. `department: computer-science`. */
const ref = (collection: EntryCollection) => z.enum(slugsOf(collection), { error: (issue) => `unknown ${collection} slug "${String(issue.input)}" (see src/content/${collection}/fr/)` });

/**
 * <fr|en>/<slug>.md, its id "<fr|en>/<slug>". The file name is the page's address and the
 * database's id: one the CMS would refuse stops the build too.
 */
function collection<F extends Fields>(name: EntryCollection, model: EntryModel<F>) {
  return defineCollection({
    loader: glob({
      pattern: "{fr,en}/*.md",
      base: `${CONTENT_ROOT}/${name}`,
      generateId: ({ entry }) => {
        const id = entry.replace(/\.md$/, "");
        if (!SLUG.regex.test(id.split("/")[1] ?? "")) throw new Error(`src/content/${name}/${entry}: the file name is the page's address: ${SLUG.message}`);
        return id;
      },
    }),
    schema: objectSchema(model.fields, ref, model.rules),
  });
}

export const collections = {
  pages: collection("pages", CONTENT.pages),
  help: collection("help", CONTENT.help),
  schools: collection("schools", CONTENT.schools),
  departments: collection("departments", CONTENT.departments),
  filieres: collection("filieres", CONTENT.filieres),
  specialties: collection("specialties", CONTENT.specialties),
  levels: collection("levels", CONTENT.levels),
  courses: collection("courses", CONTENT.courses),
  formations: collection("formations", CONTENT.formations),
  "extension-programmes": collection("extension-programmes", CONTENT["extension-programmes"]),
  partners: collection("partners", CONTENT.partners),
  initiatives: collection("initiatives", CONTENT.initiatives),
  /** Language-neutral facts shown in the footer and structured data: one entry, brand.yaml. */
  site: defineCollection({ loader: glob({ pattern: "*.yaml", base: `${CONTENT_ROOT}/site` }), schema: objectSchema(CONTENT.site.fields, ref) }),
};
