// The relevé de notes as a bilingual PDF (DOMAIN §2): institution, number, holder and
// matricule, semester and session, each UE with its courses (coefficient, CC, exam, resit,
// mark), UE averages, credits and validation, the semester average, GPA, mention and
// decision, and a QR code to the public verification page. Loaded only when the student
// downloads a relevé (pdf-lib and qrcode stay out of the page's chunk).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { formatDate, formatMark } from "../../lib/format.ts";
import { transcriptVerificationUrl } from "../../lib/results/transcript-url.ts";

export interface TranscriptDocument {
  number: string;
  verification_code: string;
  issued_at: string;
  snapshot: {
    institution: string;
    niu: string | null;
    holder: string;
    matricule: string | null;
    semester_fr: string;
    semester_en: string;
    academic_year: string;
    session: "normal" | "resit";
    average: number | null;
    gpa: number | null;
    credits_earned: number;
    credits_total: number;
    mention: { fr: string; en: string } | null;
    decision: "validated" | "resit" | "deferred" | "incomplete";
    units: {
      code: string; title_fr: string; title_en: string; credits: number; average: number | null;
      validated_by: "average" | "compensation" | null; letter: string | null;
      courses: { code: string; title: string; coefficient: number; cc: number | null; exam: number | null; resit: number | null; mark: number | null }[];
    }[];
  };
}

const DECISIONS = {
  validated: "Semestre validé / Semester passed",
  resit: "Rattrapage / Resit required",
  deferred: "Ajourné / Deferred",
  incomplete: "Incomplet / Incomplete",
};
const VALIDATION = { average: "Validée / Passed", compensation: "Compensée / By compensation", none: "Non validée / Not passed" };
const plain = (s: string) => s.replace(/\u202f|\u00a0/g, " ");
const mark = (v: number | null) => (v === null ? "—" : plain(formatMark("fr", v)));

export async function transcriptPdf(doc: TranscriptDocument, origin: string, locale: "fr" | "en"): Promise<Uint8Array> {
  const s = doc.snapshot;
  const url = transcriptVerificationUrl(origin, doc.verification_code, locale);
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.number);
  pdf.setSubject("Relevé de notes / Transcript of records");
  let page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  const grey = rgb(0.35, 0.35, 0.4);
  let y = 790;
  const text = (value: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(plain(value), { x, y, size: options.size ?? 9, font: options.bold ? bold : font, color: options.color ?? ink });
  const newLine = (step = 14) => {
    y -= step;
    if (y < 90) {
      page = pdf.addPage([595.28, 841.89]);
      y = 790;
    }
  };
  text(s.institution, 50, { size: 15, bold: true });
  newLine(16);
  if (s.niu) text(`NIU : ${s.niu}`, 50);
  newLine(24);
  text("RELEVÉ DE NOTES / TRANSCRIPT OF RECORDS", 50, { size: 13, bold: true });
  newLine(18);
  text(`N° ${doc.number}`, 50, { size: 12, bold: true });
  text(`Délivré le / Issued on ${formatDate("fr", doc.issued_at)}`, 330);
  newLine(22);
  for (const [label, value] of [
    ["Étudiant / Student", s.holder],
    ["Matricule / Student number", s.matricule ?? "—"],
    ["Semestre / Semester", `${s.semester_fr} / ${s.semester_en} — ${s.academic_year}`],
    ["Session", s.session === "resit" ? "Après rattrapage / After the resit" : "Normale / Normal"],
  ] as const) {
    text(label, 50, { color: grey });
    text(value, 220, { bold: true, size: 10 });
    newLine(15);
  }
  newLine(8);
  const columns = [50, 330, 375, 420, 465, 515];
  ["UE / EC", "Coef.", "CC", "Exam.", "Ratt.", "/20"].forEach((h, i) => text(h, columns[i], { bold: true, color: grey }));
  newLine(14);
  for (const u of s.units) {
    text(`${u.code} — ${u.title_fr}`.slice(0, 60), 50, { bold: true });
    text(`${u.credits} cr. · ${u.letter ?? "—"} · ${VALIDATION[u.validated_by ?? "none"]}`, 330, { size: 8, color: grey });
    text(mark(u.average), columns[5], { bold: true });
    newLine(13);
    for (const c of u.courses) {
      text(`${c.code} ${c.title}`.slice(0, 58), 60);
      [String(c.coefficient), mark(c.cc), mark(c.exam), mark(c.resit), mark(c.mark)].forEach((v, i) => text(v, columns[i + 1]));
      newLine(13);
    }
    newLine(4);
  }
  newLine(8);
  for (const [label, value] of [
    ["Moyenne du semestre / Semester average", `${mark(s.average)} / 20`],
    ["MGP / GPA", s.gpa === null ? "—" : `${mark(s.gpa)} / 4`],
    ["Crédits acquis / Credits earned", `${s.credits_earned} / ${s.credits_total}`],
    ["Mention / Honours", s.mention ? `${s.mention.fr} / ${s.mention.en}` : "—"],
    ["Décision / Decision", DECISIONS[s.decision]],
  ] as const) {
    text(label, 50, { color: grey, size: 10 });
    text(value, 300, { bold: true, size: 10 });
    newLine(16);
  }
  if (y < 200) {
    page = pdf.addPage([595.28, 841.89]);
    y = 790;
  }
  const qr = await pdf.embedPng(await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: "M" }));
  page.drawImage(qr, { x: 50, y: y - 130, width: 120, height: 120 });
  page.drawText("Vérifier ce relevé / Verify this transcript:", { x: 190, y: y - 40, size: 10, font, color: ink });
  page.drawText(url, { x: 190, y: y - 56, size: 7, font, color: rgb(0.1, 0.2, 0.6) });
  return pdf.save();
}

export async function downloadTranscript(doc: TranscriptDocument, locale: "fr" | "en"): Promise<void> {
  const bytes = await transcriptPdf(doc, window.location.origin, locale);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${doc.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
