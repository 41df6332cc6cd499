// Writes the demo's files (supabase/seeds/files/) from code, so they are reviewable and
// can be made again: the demo student's Afriland deposit slip and two course handouts, as
// small PDFs (standard fonts, nothing embedded: a few KB each). Run it only to change them:
//   node scripts/demo-files-generate.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { DEMO_FILES_DIR } from "../supabase/local/demo-files.ts";

// A fixed date: the same bytes on every run, so the committed files only change on purpose.
const FIXED = new Date("2026-05-02T08:00:00Z");

async function document(title: string, draw: (page: import("pdf-lib").PDFPage, fonts: { regular: import("pdf-lib").PDFFont; bold: import("pdf-lib").PDFFont }) => void, size: [number, number]) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setAuthor("Université ouverte du Cameroun (démo)");
  pdf.setProducer("pdf-lib");
  pdf.setCreator("scripts/demo-files-generate.ts");
  pdf.setCreationDate(FIXED);
  pdf.setModificationDate(FIXED);
  const page = pdf.addPage(size);
  const fonts = { regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  draw(page, fonts);
  return pdf.save({ useObjectStreams: true });
}

async function slip() {
  return document("AFRILAND FIRST BANK — Bordereau de versement AFRILAND-2026-118734", (page, { regular, bold }) => {
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
      ["Bénéficiaire", "Université ouverte du Cameroun — compte 10005 00001 01234567890 12"],
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
  }, [595, 282]);
}

async function handout(course: string, title: string, lines: string[]) {
  return document(`${course} — ${title}`, (page, { regular, bold }) => {
    page.drawText("Université ouverte du Cameroun", { x: 56, y: 790, size: 10, font: regular, color: rgb(0.4, 0.4, 0.4) });
    page.drawText(course, { x: 56, y: 750, size: 20, font: bold });
    page.drawText(title, { x: 56, y: 722, size: 14, font: regular });
    lines.forEach((line, i) => page.drawText(line, { x: 56, y: 680 - i * 20, size: 11, font: regular }));
  }, [595, 842]);
}

const files: Record<string, Promise<Uint8Array>> = {
  "bank-slips/00000000-0000-4000-a000-000000000001/afriland-2026-118734.pdf": slip(),
  "course-materials/INF-L2-101/semaine-1-plan-du-cours.pdf": handout("Algorithmique et structures de données", "Semaine 1 — plan du cours et bibliographie", [
    "1. Complexité : notations grand O, grand Oméga, grand Thêta ; coût des boucles et des appels récursifs.",
    "2. Tris : insertion, fusion, rapide ; tri par comptage.",
    "3. Structures : piles, files, listes chaînées, tables de hachage.",
    "4. Arbres binaires de recherche, tas ; parcours.",
    "5. Graphes : largeur, profondeur, plus courts chemins (Dijkstra).",
    "",
    "Bibliographie : Cormen, Leiserson, Rivest, Stein, Algorithmique, 3e éd., Dunod.",
    "Évaluation : contrôle continu 40 %, examen final 60 %.",
  ]),
  "course-materials/INF-L2-102/semaine-1-plan-du-cours.pdf": handout("Bases de données relationnelles", "Semaine 1 — plan du cours et bibliographie", [
    "1. Le modèle relationnel : relations, clés, dépendances fonctionnelles.",
    "2. Algèbre relationnelle et SQL : sélection, projection, jointures, agrégats.",
    "3. Normalisation : 1FN, 2FN, 3FN, FNBC.",
    "4. Transactions : ACID, verrous, niveaux d'isolation.",
    "5. Index et plans d'exécution.",
    "",
    "Bibliographie : Date, An Introduction to Database Systems, 8e éd.",
    "Travaux pratiques sur PostgreSQL.",
  ]),
};

for (const [path, bytes] of Object.entries(files)) {
  const target = join(DEMO_FILES_DIR, path);
  mkdirSync(dirname(target), { recursive: true });
  const data = await bytes;
  writeFileSync(target, data);
  console.log(`${path}: ${data.byteLength} bytes`);
}
