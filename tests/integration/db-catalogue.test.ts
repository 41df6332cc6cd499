// The catalogue tables mirror the site's content by slug (DESIGN §4): every school,
// department, filière, specialty, formation and extension programme in src/content has its
// row in the seeded database, under the same parent, and no row exists without its page.
// When this fails after an editor adds or renames a file, update supabase/seed.sql (and,
// for a live database, insert the row in a migration).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";

const stack = useLocalStack();
const CONTENT = join(import.meta.dirname, "..", "..", "src", "content");

/** slug → one front-matter field (e.g. the parent's slug), from the French files. */
function content(collection: string, parentField?: string): Record<string, string | null> {
  const dir = join(CONTENT, collection, "fr");
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith(".md"))
      .map((file) => {
        const text = readFileSync(join(dir, file), "utf8");
        const match = parentField ? new RegExp(`^${parentField}:\\s*"?([^"\\n]+)"?`, "m").exec(text) : null;
        return [file.replace(/\.md$/, ""), match ? match[1].trim() : null];
      }),
  );
}

async function rows(query: string): Promise<Record<string, string | null>> {
  const result = await stack().sql<{ slug: string; parent: string | null }>(query);
  return Object.fromEntries(result.map((r) => [r.slug, r.parent]));
}

describe("catalogue mirrors src/content", () => {
  it("schools", async () => {
    expect(await rows("select slug, null as parent from public.schools")).toEqual(content("schools"));
  });

  it("departments, under their school", async () => {
    expect(
      await rows("select d.slug, s.slug as parent from public.departments d join public.schools s on s.id = d.school_id"),
    ).toEqual(content("departments", "school"));
  });

  it("filières, under their department", async () => {
    expect(
      await rows("select p.slug, d.slug as parent from public.programmes p join public.departments d on d.id = p.department_id"),
    ).toEqual(content("filieres", "department"));
  });

  it("specialties, under their filière", async () => {
    expect(
      await rows("select s.slug, p.slug as parent from public.specialties s join public.programmes p on p.id = s.programme_id"),
    ).toEqual(content("specialties", "filiere"));
  });

  it("professional formations, with their tier", async () => {
    expect(await rows("select slug, certificate as parent from public.professional_formations")).toEqual(
      content("formations", "tier"),
    );
  });

  it("extension programmes, with their kind", async () => {
    expect(await rows("select slug, credential as parent from public.extension_programmes")).toEqual(
      content("extension-programmes", "kind"),
    );
  });

  it("levels", async () => {
    const levels = Object.keys(content("levels")).map((slug) => slug.toUpperCase()).sort();
    const codes = (await stack().sql<{ code: string }>("select code from public.levels order by code")).map((r) => r.code);
    expect(codes).toEqual(levels);
  });
});
