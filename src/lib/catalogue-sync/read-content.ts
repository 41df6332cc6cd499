// Reads the catalogue from the markdown files (src/content/<collection>/{fr,en}/<slug>.md),
// as the site's build does: the French file is the entry, the English one its translation.
// Front matter is YAML, parsed with js-yaml, the parser Astro's content loader uses.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "js-yaml";
import { catalogueContent, CONTENT_COLLECTIONS, type CatalogueContent, type ContentEntry } from "./content.ts";

/** The content folder: CONTENT_ROOT (the build-scale benchmark's copy) or src/content. */
export const DEFAULT_CONTENT_ROOT = process.env.CONTENT_ROOT ?? "src/content";

function frontMatter(file: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(readFileSync(file, "utf8"));
  if (!match) throw new Error(`${file}: no front matter (--- … ---) at the top`);
  const data = load(match[1]);
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error(`${file}: the front matter is not a list of fields`);
  return data as Record<string, unknown>;
}

function slugsIn(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".md"))
        .map((f) => f.slice(0, -3))
        .sort()
    : [];
}

/** The catalogue the content gives, in public.sync_catalogue's shape. */
export function readCatalogueContent(root: string = DEFAULT_CONTENT_ROOT): CatalogueContent {
  const source: Record<string, ContentEntry[]> = {};
  for (const collection of CONTENT_COLLECTIONS) {
    const fr = join(root, collection, "fr");
    // A missing folder is a wrong root, not an empty catalogue (which would archive everything).
    if (!existsSync(fr)) throw new Error(`${fr} does not exist: is the content folder ${root} right?`);
    const translated = new Set(slugsIn(join(root, collection, "en")));
    source[collection] = slugsIn(fr).map((slug) => ({
      slug,
      fr: frontMatter(join(fr, `${slug}.md`)),
      en: translated.has(slug) ? frontMatter(join(root, collection, "en", `${slug}.md`)) : undefined,
    }));
  }
  return catalogueContent(source);
}
