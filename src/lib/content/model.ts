// The content collections, one definition for the build and the CMS: each collection's
// fields (./fields.ts: label and rule as data; the build's zod schema comes from them in
// ./schema.ts, the CMS's form in src/cms/config.ts), its rules across fields (build only:
// a CMS form checks one field at a time), and which public page shows an entry.
// Each entry lives once per language: <collection>/<fr|en>/<slug>.md; the French file is
// the reference (its slug is the URL id and the id the database mirrors), the English
// file is its translation. A missing English file falls back to French on the page.
// Plain data, no zod: the CMS page in the browser imports this too.
import { choice, choices, EMAIL_PATTERN, group, integer, integerWithDefault, list, optionalReference, reference, rows, text, url, type DataOf, type Fields } from "./fields.ts";

/** Names of the collections written once per language (markdown, <fr|en>/<slug>.md). */
export const ENTRY_COLLECTIONS = ["pages", "help", "schools", "departments", "filieres", "specialties", "levels", "courses", "formations", "extension-programmes", "partners", "initiatives"] as const;
export type EntryCollection = (typeof ENTRY_COLLECTIONS)[number];

/** A rule across fields, checked by the build; `field` is the one the message blames. */
export interface Rule<D> {
  check: (data: D) => boolean;
  message: string;
  field: keyof D & string;
}

export interface EntryModel<F extends Fields> {
  label: { fr: string; en: string };
  /** The front matter's fields; `title` is also what the CMS makes the file name from. */
  fields: F;
  rules: readonly Rule<DataOf<F>>[];
  /** The French address of the page showing an entry (the English one is /en + it). */
  page: (slug: string) => string;
}

const levelCodes = { l1: "L1", l2: "L2", l3: "L3", m1: "M1", m2: "M2" } as const;
/** How a class is taught: pre-recorded videos, live virtual classes, or both. */
const deliveries = { video: "Vidéos enregistrées", "virtual-class": "Classes virtuelles", blended: "Mixte (vidéos et classes virtuelles)" } as const;

const title = (max = 90) => text("Titre", { max, help: "Le nom affiché ; l'adresse de la page (le nom du fichier) en est tirée à la création." });
/** Search engines show about 155 characters. */
const description = () => text("Description", { min: 50, max: 170, multiline: true, help: "Une phrase de 50 à 170 caractères, montrée par les moteurs de recherche." });
const order = () => integerWithDefault("Ordre", 100, { help: "Position dans les listes, les plus petits d'abord." });
const common = () => ({ title: title(), description: description(), order: order() });

function entry<const F extends Fields>(label: EntryModel<F>["label"], page: EntryModel<F>["page"], fields: F, rules: readonly Rule<DataOf<F>>[] = []): EntryModel<F> {
  return { label, fields, rules, page };
}

function makeModel() {
  const pagesFields = {
    title: title(70),
    description: description(),
    heading: text("Titre de la page"),
    lead: text("Chapeau", { multiline: true }),
  };
  /** Site pages whose copy editors own (home, about, contact, ...). */
  const pages = entry(
    { fr: "Pages du site", en: "Site pages" },
    (slug) => (({ home: "/", "not-found": "/404", "student-portal": "/student-login" }) as Record<string, string>)[slug] ?? `/${slug}`,
    pagesFields,
  );

  const helpFields = {
    title: title(70),
    description: description(),
    role: choice("Espace", { student: "Étudiant", teacher: "Enseignant", admin: "Administration" }),
  };
  /** The help centre: one page per role, opened from the dashboard's sidebar. */
  const help = entry({ fr: "Aide du tableau de bord", en: "Dashboard help" }, (slug) => `/help/${slug}`, helpFields);

  const schoolsFields = {
    ...common(),
    shortName: text("Nom court", { max: 40 }),
    kind: choice("Type", { university: "Université", professional: "École professionnelle", extension: "École d'extension" }),
    awards: list("Diplômes délivrés", "Diplôme"),
  };
  /** The three schools of the group. */
  const schools = entry({ fr: "Écoles", en: "Schools" }, (slug) => `/schools/${slug}`, schoolsFields);

  const departmentsFields = {
    ...common(),
    school: reference("École", "schools"),
    head: text("Responsable"),
  };
  /** Departments of the open university (the international department included). */
  const departments = entry(
    { fr: "Départements", en: "Departments" },
    (slug) => (slug === "international-department" ? "/university/international-department" : `/departments/${slug}`),
    departmentsFields,
  );

  const filieresFields = {
    ...common(),
    department: reference("Département", "departments"),
    degree: text("Diplôme"),
    levels: choices("Niveaux", levelCodes),
    delivery: choice("Enseignement", deliveries),
    languages: choices("Langues d'enseignement", { fr: "Français", en: "Anglais" }),
    careers: list("Débouchés", "Métier"),
  };
  /** Filières (degree programmes) of a department, from L1 to M2. */
  const filieres = entry({ fr: "Filières", en: "Programmes" }, (slug) => `/programs/${slug}`, filieresFields);

  const specialtiesFields = {
    ...common(),
    filiere: reference("Filière", "filieres"),
    levels: choices("Niveaux", levelCodes),
    skills: list("Compétences", "Compétence"),
  };
  /** Specialties a filière opens from a given level. */
  const specialties = entry({ fr: "Spécialités", en: "Specialties" }, (slug) => `/specialty/${slug}`, specialtiesFields);

  const levelsFields = {
    ...common(),
    code: choice("Code", { L1: "L1", L2: "L2", L3: "L3", M1: "M1", M2: "M2" }),
    cycle: choice("Cycle", { licence: "Licence", master: "Master" }),
    credits: integer("Crédits", { min: 1 }),
  };
  /** The five study levels (sub-levels) L1, L2, L3, M1, M2: shown inside each specialty's pages. */
  const levels = entry({ fr: "Niveaux", en: "Levels" }, () => "/programs", levelsFields);

  const coursesFields = {
    ...common(),
    code: text("Code", {
      pattern: { regex: /^[A-Z]{3}-(L[1-3]|M[12])-\d{3}$/, message: "a course code is the platform's: three capitals, the level, three digits, e.g. INF-L2-101" },
    }),
    filiere: reference("Filière", "filieres"),
    specialty: optionalReference("Spécialité", "specialties"),
    level: choice("Niveau", levelCodes),
    semester: integer("Semestre", { min: 1, max: 2 }),
    // A course is an EC of a UE, or a UE of its own: 1 to 6 credits (DOMAIN §1).
    credits: integer("Crédits", { min: 1, max: 6, help: "De 1 à 6 : un EC d'une UE, ou une UE à lui seul." }),
    hours: integer("Heures", { min: 1 }),
    delivery: choice("Enseignement", deliveries),
  };
  /**
   * Courses (course units) of a filière at a level, optionally of one specialty. The code and
   * credits are the platform's (a course the platform teaches is the row of public.courses
   * with that code: tests/integration/seed-coherence.test.ts keeps the two in step), so the
   * code names its level: INF-L2-101 is taught in L2.
   */
  const courses = entry({ fr: "Cours", en: "Courses" }, () => "/courses", coursesFields, [
    { check: (course) => course.code.split("-")[1] === course.level.toUpperCase(), message: "the code's level (INF-L2-101: L2) is the course's level", field: "code" },
  ]);

  const formationsFields = {
    ...common(),
    tier: choice("Niveau de qualification", { AQP: "AQP", CQP: "CQP", DQP: "DQP" }),
    sector: text("Secteur"),
    durationMonths: integer("Durée (mois)", { min: 1 }),
    internshipMonths: integer("Stage (mois)", { min: 3, max: 3, message: "the professional-school internship is 3 months (SPEC §9)" }),
    entryLevel: text("Niveau d'entrée"),
    delivery: choice("Enseignement", deliveries),
  };
  /** Professional-school formations: AQP < CQP < DQP, always with a 3-month internship. */
  const formations = entry({ fr: "Formations de l'école professionnelle", en: "Professional-school formations" }, (slug) => `/professional-school/formations/${slug}`, formationsFields);

  const extensionFields = {
    ...common(),
    kind: choice("Type", { certificate: "Certificat", diploma: "Diplôme", mba: "MBA" }),
    delivery: choice("Enseignement", deliveries),
    durationMonths: integer("Durée (mois)", { min: 1 }),
    weeklyHours: integer("Heures par semaine", { min: 1 }),
    partner: optionalReference("Partenaire", "partners"),
  };
  /** Extension-school programmes: certificates (videos), diplomas (virtual classes), MBAs. */
  const extensionProgrammes = entry({ fr: "Programmes de l'école d'extension", en: "Extension-school programmes" }, (slug) => `/programs/${slug}`, extensionFields, [
    { check: (p) => p.kind !== "certificate" || p.delivery === "video", message: "certificates are taught through pre-recorded videos: set delivery: video", field: "delivery" },
    { check: (p) => p.kind !== "diploma" || p.delivery === "virtual-class", message: "diplomas are taught in virtual classes: set delivery: virtual-class", field: "delivery" },
  ]);

  const partnersFields = {
    ...common(),
    name: text("Nom"),
    country: text("Pays"),
    kind: choice("Type", { university: "Université", company: "Entreprise", institution: "Institution" }),
    website: url("Site web"),
    since: integer("Partenaire depuis (année)", { min: 2020 }),
  };
  /** Partner institutions and companies. */
  const partners = entry({ fr: "Partenaires", en: "Partners" }, (slug) => `/partners/${slug}`, partnersFields);

  const initiativesFields = {
    ...common(),
    kind: choice("Type", { research: "Recherche", incubator: "Incubateur" }),
    highlights: list("Points forts", "Point fort"),
  };
  /** The international visitors research programme and the incubator. */
  const initiatives = entry({ fr: "Initiatives", en: "Initiatives" }, () => "/about", initiativesFields);

  const siteFields = {
    phone: text("Téléphone", { pattern: { regex: /^\+237 [\d ]+$/, message: "a Cameroonian number in international form, e.g. +237 6 99 00 00 00" } }),
    email: text("Adresse e-mail", { pattern: EMAIL_PATTERN }),
    postalBox: text("Boîte postale"),
    city: text("Ville"),
    foundingYear: integer("Année de fondation"),
    figures: group("Chiffres", {
      schools: integer("Écoles", { min: 1 }),
      incubators: integer("Incubateurs", { min: 1 }),
      researchProgrammes: integer("Programmes de recherche", { min: 1 }),
      students: integer("Étudiants", { min: 1 }),
    }),
    libraryUrl: url("Bibliothèque en ligne"),
    social: rows("Réseaux sociaux", {
      network: choice("Réseau", { facebook: "Facebook", linkedin: "LinkedIn", youtube: "YouTube", x: "X", instagram: "Instagram", whatsapp: "WhatsApp" }),
      url: url("Adresse"),
    }),
  };
  /** Language-neutral facts shown in the footer and structured data: one entry, brand.yaml. */
  const site = {
    label: { fr: "Coordonnées et chiffres", en: "Contact details and figures" },
    /** The one file, without its .yaml, under src/content/. */
    file: "site/brand",
    fields: siteFields,
    page: "/contact",
  };

  return {
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
}

/** Every collection of the site. */
export const CONTENT = makeModel();
