// One schema for the build and the CMS: every entry of src/content, and entries broken one
// field at a time, go through both the build's zod schemas (src/lib/content/schema.ts, as
// src/content.config.ts applies them) and Keystatic reading them with the CMS's config
// (src/cms/config.ts, the fields' parse and validate its form runs on save). Both must
// accept and refuse the same entries, except the rules across fields, which only the
// build checks (listed below).
import { createReader } from "@keystatic/core/reader";
import { load } from "js-yaml";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cmsCollection, cmsConfig, type Lang } from "../../src/cms/config.ts";
import { SLUG, type Fields } from "../../src/lib/content/fields.ts";
import { CONTENT, ENTRY_COLLECTIONS, type EntryCollection } from "../../src/lib/content/model.ts";
import { objectSchema } from "../../src/lib/content/schema.ts";

const SOURCE = join(import.meta.dirname, "../../src/content");
const root = mkdtempSync(join(tmpdir(), "cms-schema-"));
cpSync(SOURCE, join(root, "src/content"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const config = cmsConfig({});
const reader = createReader(root, config);

const mdFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.slice(0, -3));
/** As the build: a reference names a French file of the collection. */
const ref = (collection: EntryCollection) => z.enum(mdFiles(join(SOURCE, collection, "fr")) as [string, ...string[]]);
const buildSchema = (name: EntryCollection | "site") => (name === "site" ? objectSchema(CONTENT.site.fields, ref) : objectSchema(CONTENT[name].fields as Fields, ref, CONTENT[name].rules as never));

const frontMatter = (text: string) => load(/^---\n([\s\S]*?)\n---/.exec(text)![1]!) as Record<string, unknown>;
const entryPath = (name: EntryCollection, lang: Lang, slug: string) => join(root, "src/content", name, lang, `${slug}.md`);
const SITE_FILE = join(root, "src/content/site/brand.yaml");

async function cmsAccepts(read: () => Promise<unknown>): Promise<boolean> {
  try {
    return (await read()) !== null;
  } catch {
    return false;
  }
}

/** What each side says of an entry written as `data` (JSON is YAML: both parse it alike). */
async function verdicts(name: EntryCollection, data: Record<string, unknown>, slug = "zz-crafted") {
  const path = entryPath(name, "fr", slug);
  writeFileSync(path, `---\n${JSON.stringify(data)}\n---\n\nUn paragraphe.\n`);
  try {
    return {
      build: buildSchema(name).safeParse(data).success && SLUG.regex.test(slug),
      cms: await cmsAccepts(() => reader.collections[cmsCollection(name, "fr")]!.read(slug)),
    };
  } finally {
    rmSync(path);
  }
}

async function siteVerdicts(data: Record<string, unknown>) {
  const original = readFileSync(SITE_FILE, "utf8");
  writeFileSync(SITE_FILE, JSON.stringify(data));
  try {
    return { build: buildSchema("site").safeParse(data).success, cms: await cmsAccepts(() => reader.singletons.site!.read()) };
  } finally {
    writeFileSync(SITE_FILE, original);
  }
}

const base = (name: EntryCollection, slug: string) => frontMatter(readFileSync(entryPath(name, "fr", slug), "utf8"));
const without = (data: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(data).filter(([k]) => k !== key));

describe("the build and the CMS accept the same entries", () => {
  it("every entry of src/content, in both languages, passes both", async () => {
    let count = 0;
    for (const name of ENTRY_COLLECTIONS) {
      for (const lang of ["fr", "en"] as const) {
        for (const slug of mdFiles(join(SOURCE, name, lang))) {
          const data = frontMatter(readFileSync(entryPath(name, lang, slug), "utf8"));
          expect(buildSchema(name).safeParse(data).success, `${name}/${lang}/${slug} (build)`).toBe(true);
          expect(await cmsAccepts(() => reader.collections[cmsCollection(name, lang)]!.read(slug)), `${name}/${lang}/${slug} (CMS)`).toBe(true);
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(await siteVerdicts(load(readFileSync(join(SOURCE, "site/brand.yaml"), "utf8")) as Record<string, unknown>)).toEqual({ build: true, cms: true });
  });

  // [collection, base entry, case, the changed entry, accepted?]
  const programme = () => base("filieres", "software-engineering");
  const course = () => base("courses", "calculus");
  const cases: [EntryCollection, string, () => Record<string, unknown>, boolean][] = [
    ["filieres", "no title", () => without(programme(), "title"), false],
    ["filieres", "empty title", () => ({ ...programme(), title: "" }), false],
    ["filieres", "title of 91 characters", () => ({ ...programme(), title: "t".repeat(91) }), false],
    ["filieres", "title of 90 characters", () => ({ ...programme(), title: "t".repeat(90) }), true],
    ["filieres", "description of 49 characters", () => ({ ...programme(), description: "d".repeat(49) }), false],
    ["filieres", "description of 171 characters", () => ({ ...programme(), description: "d".repeat(171) }), false],
    ["filieres", "no order (100)", () => without(programme(), "order"), true],
    ["filieres", "order 1.5", () => ({ ...programme(), order: 1.5 }), false],
    ["filieres", "no department", () => without(programme(), "department"), false],
    ["filieres", "empty degree", () => ({ ...programme(), degree: "" }), false],
    ["filieres", "no level", () => ({ ...programme(), levels: [] }), false],
    ["filieres", "levels missing", () => without(programme(), "levels"), false],
    ["filieres", "level l9", () => ({ ...programme(), levels: ["l1", "l9"] }), false],
    ["filieres", "delivery missing", () => without(programme(), "delivery"), false],
    ["filieres", "delivery bus", () => ({ ...programme(), delivery: "bus" }), false],
    ["filieres", "no teaching language", () => ({ ...programme(), languages: [] }), false],
    ["filieres", "no career", () => ({ ...programme(), careers: [] }), false],
    ["filieres", "an empty career", () => ({ ...programme(), careers: ["Comptable", ""] }), false],
    ["filieres", "a field the model does not know (a typo)", () => ({ ...programme(), descripton: "Une faute de frappe." }), false],
    ["courses", "0 credits", () => ({ ...course(), credits: 0 }), false],
    ["courses", "7 credits", () => ({ ...course(), credits: 7 }), false],
    ["courses", "6 credits", () => ({ ...course(), credits: 6 }), true],
    ["courses", "3.5 credits", () => ({ ...course(), credits: 3.5 }), false],
    ["courses", "credits as text", () => ({ ...course(), credits: "4" }), false],
    ["courses", "semester 3", () => ({ ...course(), semester: 3 }), false],
    ["courses", "0 hours", () => ({ ...course(), hours: 0 }), false],
    ["courses", "code without its level", () => ({ ...course(), code: "MAT-1-203" }), false],
    ["courses", "code in lowercase", () => ({ ...course(), code: "mat-L1-203" }), false],
    ["courses", "no specialty", () => without(course(), "specialty"), true],
    ["formations", "internship of 2 months", () => ({ ...base("formations", "web-developer"), internshipMonths: 2 }), false],
    ["formations", "tier XQP", () => ({ ...base("formations", "web-developer"), tier: "XQP" }), false],
    ["partners", "website not an address", () => ({ ...base("partners", "trine-university"), website: "www.trine.edu" }), false],
    ["partners", "website without host", () => ({ ...base("partners", "trine-university"), website: "https://" }), false],
    ["partners", "partner since 2019", () => ({ ...base("partners", "trine-university"), since: 2019 }), false],
    ["levels", "level code L6", () => ({ ...base("levels", "l1"), code: "L6" }), false],
    ["levels", "0 credits a year", () => ({ ...base("levels", "l1"), credits: 0 }), false],
    ["pages", "page title of 71 characters", () => ({ ...base("pages", "about"), title: "t".repeat(71) }), false],
    ["pages", "empty heading", () => ({ ...base("pages", "about"), heading: "" }), false],
    ["help", "role guest", () => ({ ...base("help", "student"), role: "guest" }), false],
    ["schools", "no award", () => ({ ...base("schools", "open-university"), awards: [] }), false],
    ["schools", "short name of 41 characters", () => ({ ...base("schools", "open-university"), shortName: "s".repeat(41) }), false],
    ["specialties", "no filière", () => without(base("specialties", "data-science"), "filiere"), false],
    ["initiatives", "kind fund", () => ({ ...base("initiatives", "incubator"), kind: "fund" }), false],
  ];

  it.each(cases)("%s: %s", async (name, _case, data, accepted) => {
    expect(await verdicts(name, data())).toEqual({ build: accepted, cms: accepted });
  });

  it("a file name is an address: lowercase words joined by hyphens, in both", async () => {
    for (const slug of ["Genie_Civil", "genie civil", "génie-civil", "-genie"]) expect(await verdicts("filieres", programme(), slug), slug).toEqual({ build: false, cms: false });
    expect(await verdicts("filieres", programme(), "genie-civil-2")).toEqual({ build: true, cms: true });
  });

  it("the brand facts: phone, e-mail, figures, links", async () => {
    const brand = () => load(readFileSync(join(SOURCE, "site/brand.yaml"), "utf8")) as Record<string, unknown>;
    const broken: [string, Record<string, unknown>][] = [
      ["phone without +237", { ...brand(), phone: "699 20 20 20" }],
      ["e-mail without @", { ...brand(), email: "contact.uel-cameroun.cm" }],
      ["0 students", { ...brand(), figures: { ...(brand().figures as object), students: 0 } }],
      ["no social link", { ...brand(), social: [] }],
      ["unknown network", { ...brand(), social: [{ network: "myspace", url: "https://myspace.com/uel" }] }],
      ["library not an address", { ...brand(), libraryUrl: "bibliotheque" }],
    ];
    for (const [what, data] of broken) expect(await siteVerdicts(data), what).toEqual({ build: false, cms: false });
  });

  it("only the build checks the rules across fields (a form checks one field at a time) and that a typed reference exists", async () => {
    // The form offers a reference among the collection's entries (tests/e2e/keystatic.spec.ts picks one): it cannot type an unknown one.
    expect(await verdicts("filieres", { ...programme(), department: "civil" })).toEqual({ build: false, cms: true });
    expect(await verdicts("courses", { ...course(), code: "MAT-L2-203", level: "l1" })).toEqual({ build: false, cms: true });
    const certificate = base("extension-programmes", "data-analysis-certificate");
    expect(await verdicts("extension-programmes", { ...certificate, delivery: "virtual-class" })).toEqual({ build: false, cms: true });
    const ruled = ENTRY_COLLECTIONS.filter((name) => CONTENT[name].rules.length > 0);
    expect(ruled).toEqual(["courses", "extension-programmes"]);
  });
});
