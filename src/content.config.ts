// Every content collection and its zod schema: an editor's mistake fails the build with
// the collection, the file (<collection>/<fr|en>/<slug>) and the field named.
// Each entry lives once per language: <collection>/<fr|en>/<slug>.md; the French file is
// the reference (its slug is the URL id and the id the database mirrors), the English
// file is its translation. A missing English file falls back to French on the page.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

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
const ref = (collection: string) =>
  z.enum(slugsOf(collection), { error: (issue) => `unknown ${collection} slug "${String(issue.input)}" (see src/content/${collection}/fr/)` });

const collection = <S extends z.ZodType>(name: string, schema: S) =>
  defineCollection({ loader: glob({ pattern: "{fr,en}/*.md", base: `${CONTENT_ROOT}/${name}` }), schema });

const title = z.string().min(1).max(90);
/** Search engines show about 155 characters. */
const description = z.string().min(50).max(170);
const levelCode = z.enum(["l1", "l2", "l3", "m1", "m2"]);
/** How a class is taught: pre-recorded videos, live virtual classes, or both. */
const delivery = z.enum(["video", "virtual-class", "blended"]);

const common = { title, description, order: z.number().int().default(100) };

/** Site pages whose copy editors own (home, about, contact, ...). */
const pages = collection(
  "pages",
  z.object({
    title: z.string().min(1).max(70),
    description,
    heading: z.string().min(1),
    lead: z.string().min(1),
  }),
);

/** The three schools of the group. */
const schools = collection(
  "schools",
  z.object({
    ...common,
    shortName: z.string().min(1).max(40),
    kind: z.enum(["university", "professional", "extension"]),
    awards: z.array(z.string().min(1)).min(1),
  }),
);

/** Departments of the open university (the international department included). */
const departments = collection(
  "departments",
  z.object({
    ...common,
    school: ref("schools"),
    head: z.string().min(1),
  }),
);

/** Filières (degree programmes) of a department, from L1 to M2. */
const filieres = collection(
  "filieres",
  z.object({
    ...common,
    department: ref("departments"),
    degree: z.string().min(1),
    levels: z.array(levelCode).min(1),
    delivery,
    languages: z.array(z.enum(["fr", "en"])).min(1),
    careers: z.array(z.string().min(1)).min(1),
  }),
);

/** Specialties a filière opens from a given level. */
const specialties = collection(
  "specialties",
  z.object({
    ...common,
    filiere: ref("filieres"),
    levels: z.array(levelCode).min(1),
    skills: z.array(z.string().min(1)).min(1),
  }),
);

/** The five study levels (sub-levels) L1, L2, L3, M1, M2. */
const levels = collection(
  "levels",
  z.object({
    ...common,
    code: z.enum(["L1", "L2", "L3", "M1", "M2"]),
    cycle: z.enum(["licence", "master"]),
    credits: z.number().int().positive(),
  }),
);

/**
 * Courses (course units) of a filière at a level, optionally of one specialty. The code and
 * credits are the platform's (a course the platform teaches is the row of public.courses
 * with that code: tests/integration/seed-coherence.test.ts keeps the two in step), so the
 * code names its level: INF-L2-101 is taught in L2.
 */
const courses = collection(
  "courses",
  z
    .object({
      ...common,
      code: z.string().regex(/^[A-Z]{3}-(L[1-3]|M[12])-\d{3}$/, "a course code is the platform's: three capitals, the level, three digits, e.g. INF-L2-101"),
      filiere: ref("filieres"),
      specialty: ref("specialties").optional(),
      level: levelCode,
      semester: z.union([z.literal(1), z.literal(2)]),
      // A course is an EC of a UE, or a UE of its own: 1 to 6 credits (DOMAIN §1).
      credits: z.number().int().min(1).max(6),
      hours: z.number().int().positive(),
      delivery,
    })
    .refine((course) => course.code.split("-")[1] === course.level.toUpperCase(), {
      message: "the code's level (INF-L2-101: L2) is the course's level",
      path: ["code"],
    }),
);

/** Professional-school formations: AQP < CQP < DQP, always with a 3-month internship. */
const formations = collection(
  "formations",
  z.object({
    ...common,
    tier: z.enum(["AQP", "CQP", "DQP"]),
    sector: z.string().min(1),
    durationMonths: z.number().int().positive(),
    internshipMonths: z.literal(3, { error: "the professional-school internship is 3 months (SPEC §9)" }),
    entryLevel: z.string().min(1),
    delivery,
  }),
);

/** Extension-school programmes: certificates (videos), diplomas (virtual classes), MBAs. */
const extensionProgrammes = collection(
  "extension-programmes",
  z
    .object({
      ...common,
      kind: z.enum(["certificate", "diploma", "mba"]),
      delivery,
      durationMonths: z.number().int().positive(),
      weeklyHours: z.number().int().positive(),
      partner: ref("partners").optional(),
    })
    .refine((p) => p.kind !== "certificate" || p.delivery === "video", {
      message: "certificates are taught through pre-recorded videos: set delivery: video",
      path: ["delivery"],
    })
    .refine((p) => p.kind !== "diploma" || p.delivery === "virtual-class", {
      message: "diplomas are taught in virtual classes: set delivery: virtual-class",
      path: ["delivery"],
    }),
);

/** Partner institutions and companies. */
const partners = collection(
  "partners",
  z.object({
    ...common,
    name: z.string().min(1),
    country: z.string().min(1),
    kind: z.enum(["university", "company", "institution"]),
    website: z.url(),
    since: z.number().int().min(2020),
  }),
);

/** The international visitors research programme and the incubator. */
const initiatives = collection(
  "initiatives",
  z.object({
    ...common,
    kind: z.enum(["research", "incubator"]),
    highlights: z.array(z.string().min(1)).min(1),
  }),
);

/** Language-neutral facts shown in the footer and structured data: one entry, brand.yaml. */
const site = defineCollection({
  loader: glob({ pattern: "*.yaml", base: `${CONTENT_ROOT}/site` }),
  schema: z.object({
    phone: z.string().regex(/^\+237 [\d ]+$/, "a Cameroonian number in international form, e.g. +237 6 99 00 00 00"),
    email: z.email(),
    postalBox: z.string().min(1),
    city: z.string().min(1),
    foundingYear: z.number().int(),
    figures: z.object({
      schools: z.number().int().positive(),
      incubators: z.number().int().positive(),
      researchProgrammes: z.number().int().positive(),
      students: z.number().int().positive(),
    }),
    libraryUrl: z.url(),
    social: z.array(z.object({ network: z.enum(["facebook", "linkedin", "youtube", "x", "instagram", "whatsapp"]), url: z.url() })).min(1),
  }),
});

/** The help centre: one page per role, opened from the dashboard's sidebar. */
const help = collection(
  "help",
  z.object({
    title: z.string().min(1).max(70),
    description,
    role: z.enum(["student", "teacher", "admin"]),
  }),
);

export const collections = {
  pages,
  help,
  schools,
  departments,
  filieres,
  specialties,
  levels,
  courses,
  formations,
  "extension-programmes": extensionProgrammes,
  partners,
  initiatives,
  site,
};
