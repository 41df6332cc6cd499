// Writes the demo's files (supabase/seeds/files/) from code, so they are reviewable and
// can be made again: the demo student's Afriland deposit slip, and the course files the
// seed points at (scripts/demo-course-handouts.ts says what they say): each L2 Génie
// logiciel course's syllabus, lecture slides and tutorial sheet, INF-L2-101's handout on
// balanced trees, and every current course's assignment handout. Small PDFs (standard
// fonts, nothing embedded: a few KB each). Run it only to change them:
//   node scripts/demo-files-generate.ts
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { DEMO_FILES_DIR } from "../supabase/local/demo-files.ts";
import { BALANCED_TREES, COURSE_HANDOUTS, type CourseHandouts } from "./demo-course-handouts.ts";

// A fixed date: the same bytes on every run, so the committed files only change on purpose.
const FIXED = new Date("2026-05-02T08:00:00Z");
const INSTITUTION = "Université en ligne du Cameroun";
const A4: [number, number] = [595, 842];
const SLIDE: [number, number] = [842, 474];
const GREY = rgb(0.35, 0.35, 0.35);
const BRAND = rgb(0.05, 0.3, 0.55);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

async function pdf(title: string, build: (doc: PDFDocument, fonts: Fonts) => void): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(`${INSTITUTION} (démo)`);
  doc.setProducer("pdf-lib");
  doc.setCreator("scripts/demo-files-generate.ts");
  doc.setCreationDate(FIXED);
  doc.setModificationDate(FIXED);
  build(doc, { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) });
  return doc.save({ useObjectStreams: true });
}

/** Splits a paragraph into lines no wider than `width` at that size. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** A portrait handout: the institution, the course, the document's title, then blocks of text over as many pages as needed. */
function handout(course: CourseHandouts, title: string, blocks: { heading?: string; paragraphs: string[] }[]) {
  return pdf(`${course.code} — ${title}`, (doc, { regular, bold }) => {
    const width = A4[0] - 2 * 56;
    let page: PDFPage = doc.addPage(A4);
    let y = 0;
    const newPage = () => {
      page = doc.addPage(A4);
      y = 790;
    };
    page.drawText(INSTITUTION, { x: 56, y: 790, size: 10, font: regular, color: GREY });
    page.drawText(`${course.code} — ${course.title}`, { x: 56, y: 760, size: 15, font: bold, color: BRAND });
    page.drawText(title, { x: 56, y: 736, size: 13, font: bold });
    page.drawText(`${course.language === "en" ? "Lecturer" : "Enseignant"} : ${course.teacher}`, { x: 56, y: 716, size: 10, font: regular, color: GREY });
    y = 684;
    for (const block of blocks) {
      if (block.heading) {
        if (y < 90) newPage();
        page.drawText(block.heading, { x: 56, y, size: 12, font: bold });
        y -= 20;
      }
      for (const paragraph of block.paragraphs) {
        for (const line of wrap(paragraph, regular, 11, width)) {
          if (y < 60) newPage();
          page.drawText(line, { x: 56, y, size: 11, font: regular });
          y -= 15;
        }
        y -= 6;
      }
      y -= 8;
    }
  });
}

/** Lecture slides: one landscape page per slide, the first one a title slide. */
function slides(course: CourseHandouts) {
  const deck = course.slides!;
  return pdf(`${course.code} — ${deck.lecture}`, (doc, { regular, bold }) => {
    deck.slides.forEach((slide, i) => {
      const page = doc.addPage(SLIDE);
      page.drawRectangle({ x: 0, y: SLIDE[1] - 12, width: SLIDE[0], height: 12, color: BRAND });
      page.drawText(`${INSTITUTION} · ${course.code}`, { x: 40, y: 20, size: 9, font: regular, color: GREY });
      page.drawText(`${i + 1} / ${deck.slides.length}`, { x: SLIDE[0] - 80, y: 20, size: 9, font: regular, color: GREY });
      if (i === 0) {
        page.drawText(slide.title, { x: 60, y: 280, size: 30, font: bold, color: BRAND });
        slide.bullets.forEach((line, j) => page.drawText(line, { x: 60, y: 236 - j * 26, size: 16, font: regular }));
        return;
      }
      page.drawText(slide.title, { x: 50, y: 400, size: 24, font: bold, color: BRAND });
      let y = 340;
      for (const bullet of slide.bullets) {
        wrap(bullet, regular, 17, SLIDE[0] - 140).forEach((line, j) => {
          page.drawText(j === 0 ? `•  ${line}` : line, { x: j === 0 ? 60 : 80, y, size: 17, font: regular });
          y -= 26;
        });
        y -= 14;
      }
    });
  });
}

async function slip() {
  return pdf("AFRILAND FIRST BANK — Bordereau de versement AFRILAND-2026-118734", (doc, { regular, bold }) => {
    const page = doc.addPage([595, 282]);
    const green = rgb(0.05, 0.4, 0.2);
    page.drawRectangle({ x: 20, y: 20, width: 555, height: 242, borderColor: green, borderWidth: 2 });
    page.drawRectangle({ x: 20, y: 222, width: 555, height: 40, color: green });
    page.drawText("AFRILAND FIRST BANK", { x: 36, y: 236, size: 18, font: bold, color: rgb(1, 1, 1) });
    page.drawText("Agence de Yaoundé Hippodrome", { x: 380, y: 238, size: 10, font: regular, color: rgb(1, 1, 1) });
    page.drawText("Bordereau de versement", { x: 36, y: 196, size: 16, font: bold });
    page.drawText("N° AFRILAND-2026-118734", { x: 360, y: 196, size: 12, font: bold });
    const rows: [string, string][] = [
      ["Date", "01/05/2026"],
      ["Déposant", "Awa Ngono"],
      ["Bénéficiaire", `${INSTITUTION} — compte 10005 00001 01234567890 12`],
      ["Motif", "Frais de scolarité — 3e tranche"],
    ];
    rows.forEach(([label, value], i) => {
      page.drawText(`${label} :`, { x: 36, y: 166 - i * 22, size: 11, font: bold });
      page.drawText(value, { x: 130, y: 166 - i * 22, size: 11, font: regular });
    });
    page.drawRectangle({ x: 36, y: 38, width: 250, height: 34, borderColor: green, borderWidth: 1.5 });
    page.drawText("Montant : 135 000 FCFA", { x: 48, y: 50, size: 14, font: bold });
    page.drawText("Cachet et signature du guichetier", { x: 360, y: 42, size: 9, font: regular, color: rgb(0.35, 0.35, 0.35) });
    page.drawEllipse({ x: 450, y: 78, xScale: 55, yScale: 24, borderColor: rgb(0.2, 0.3, 0.7), borderWidth: 1.5, opacity: 0 });
    page.drawText("VERSÉ", { x: 428, y: 73, size: 13, font: bold, color: rgb(0.2, 0.3, 0.7) });
  });
}

/** The id seed.sql gives a course's first written assignment: md5('devoir-maison-1/' || code)::uuid. */
function assignmentId(code: string): string {
  const hex = createHash("md5").update(`devoir-maison-1/${code}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The object names (under course-materials/<code>/) seed.sql and its seeds/ files point at. */
const MATERIAL_FILES = {
  fr: ["semaine-1-plan-du-cours.pdf", "semaine-2-diapositives.pdf", "semaine-3-travaux-diriges.pdf"],
  en: ["week-1-syllabus.pdf", "week-2-slides.pdf", "week-3-tutorial.pdf"],
} as const;
const ASSIGNMENT_FILE = { fr: "fiche-devoir-maison-1.pdf", en: "assignment-1-handout.pdf" } as const;

function courseFiles(course: CourseHandouts): Record<string, Promise<Uint8Array>> {
  const fr = course.language === "fr";
  const dir = `course-materials/${course.code}`;
  const files: Record<string, Promise<Uint8Array>> = {};
  const names = MATERIAL_FILES[course.language];
  if (course.syllabus) {
    files[`${dir}/${names[0]}`] = handout(course, fr ? "Semaine 1 — plan du cours et bibliographie" : "Week 1 — syllabus and reading list", [
      { heading: fr ? "Plan du cours" : "Outline", paragraphs: course.syllabus.chapters },
      { heading: fr ? "Bibliographie" : "Reading list", paragraphs: [course.syllabus.reading] },
      { heading: fr ? "Évaluation" : "Assessment", paragraphs: [course.syllabus.assessment] },
    ]);
  }
  if (course.slides) files[`${dir}/${names[1]}`] = slides(course);
  if (course.tutorial) {
    files[`${dir}/${names[2]}`] = handout(course, fr ? "Semaine 3 — exercices de travaux dirigés" : "Week 3 — tutorial exercises", [{ paragraphs: course.tutorial }]);
  }
  files[`${dir}/assignments/${assignmentId(course.code)}/${ASSIGNMENT_FILE[course.language]}`] = handout(course, fr ? "Devoir maison n° 1 — fiche d'exercices" : "Written assignment 1 — handout", [
    { paragraphs: [...course.assignment, fr ? "Déposez votre copie en PDF dans Devoirs avant la date limite." : "Upload your answers as a PDF in Assignments before the deadline."] },
  ]);
  return files;
}

const trees = COURSE_HANDOUTS.find((c) => c.code === BALANCED_TREES.code)!;
const files: Record<string, Promise<Uint8Array>> = {
  "bank-slips/00000000-0000-4000-a000-000000000001/afriland-2026-118734.pdf": slip(),
  ...Object.assign({}, ...COURSE_HANDOUTS.map(courseFiles)),
  [`course-materials/${BALANCED_TREES.code}/semaine-4-polycopie-arbres-equilibres.pdf`]: handout(trees, BALANCED_TREES.title, [
    ...BALANCED_TREES.sections.map((s) => ({ heading: s.heading, paragraphs: s.text })),
    { heading: "Exercices", paragraphs: BALANCED_TREES.exercises },
  ]),
};

for (const [path, bytes] of Object.entries(files)) {
  const target = join(DEMO_FILES_DIR, path);
  mkdirSync(dirname(target), { recursive: true });
  const data = await bytes;
  writeFileSync(target, data);
  console.log(`${path}: ${data.byteLength} bytes`);
}
