// The relevé de notes a registrar issues, as a bilingual PDF (DOMAIN §2, issue 20 item 5):
// the institution and its identifiers (NIU, opening authorisation), number and date; the
// holder as the registrar recorded it (legal name, date and place of birth, matricule), the
// programme, level, semester and session; every UE with its ECs (coefficient, CC, exam,
// resit, mark), credits, average and decision code; the semester's average, GPA, credits,
// mention and decision; the signatory's name and title; and a QR code to the public
// verification page, which shows the same figures. Loaded only when a relevé is downloaded.
import { formatDate, formatMark } from "../../lib/format.ts";
import { downloadPdf } from "../../lib/download.ts";
import { both, GREY, PageWriter, plain } from "../../lib/pdf/page-writer.ts";
import { transcriptVerificationUrl } from "../../lib/results/transcript-url.ts";

export interface TranscriptUnit {
  code: string;
  title_fr: string;
  title_en: string;
  credits: number;
  average: number | null;
  validated_by: "average" | "compensation" | null;
  letter: string | null;
  /** CA, CANT, I or R (relevés issued before the codes existed have none). */
  decision_code?: string;
  courses: { code: string; title: string; coefficient: number; cc: number | null; exam: number | null; resit: number | null; mark: number | null }[];
}

export interface TranscriptDocument {
  number: string;
  verification_code: string;
  issued_at: string;
  snapshot: {
    institution: string;
    niu: string | null;
    authorization_ref?: string | null;
    postal_address?: string | null;
    holder: string;
    birth_date?: string | null;
    birth_place?: string | null;
    matricule: string | null;
    programme_fr?: string | null;
    programme_en?: string | null;
    specialty_fr?: string | null;
    specialty_en?: string | null;
    level_fr?: string | null;
    level_en?: string | null;
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
    units: TranscriptUnit[];
    signatory_name?: string | null;
    signatory_title_fr?: string | null;
    signatory_title_en?: string | null;
  };
}

const DECISIONS = {
  validated: "Semestre validé / Semester passed",
  resit: "Rattrapage / Resit required",
  deferred: "Ajourné / Deferred",
  incomplete: "Incomplet / Incomplete",
};
/** The code of a UE when the relevé predates the codes (the same rule as private.unit_code). */
export function unitCode(u: TranscriptUnit): string {
  return u.decision_code ?? (u.validated_by === "average" ? "CA" : u.validated_by === "compensation" ? "CANT" : u.average === null ? "I" : "R");
}
const LEGEND = [
  "CA : UE capitalisée / credits earned · CANT : capitalisée par compensation, non transférable / earned by compensation, not transferable",
  "I : incomplet / incomplete · R : à reprendre (rattrapage ou année suivante) / to be retaken (resit or next year)",
];
const mark = (v: number | null) => (v === null ? "—" : plain(formatMark("fr", v)));

export async function transcriptPdf(doc: TranscriptDocument, origin: string, locale: "fr" | "en"): Promise<Uint8Array> {
  const s = doc.snapshot;
  const w = await PageWriter.create(doc.number, "Relevé de notes / Transcript of records");
  w.letterhead(s.institution, [s.niu && `NIU : ${s.niu}`, s.authorization_ref, s.postal_address]);
  w.down(12);
  w.text("RELEVÉ DE NOTES / TRANSCRIPT OF RECORDS", 50, { size: 13, bold: true });
  w.down(18);
  w.text(`N° ${doc.number}`, 50, { size: 12, bold: true });
  w.text(`Délivré le / Issued on ${formatDate("fr", doc.issued_at)}`, 330, { size: 9 });
  w.down(22);
  const born = [s.birth_date ? formatDate("fr", s.birth_date) : null, s.birth_place].filter(Boolean).join(", ");
  w.rows(
    [
      ["Nom et prénoms / Full name", s.holder],
      ["Né(e) le, à / Born on, in", born || "—"],
      ["Matricule / Student number", s.matricule ?? "—"],
      ["Filière / Programme", both(s.programme_fr, s.programme_en)],
      ...(s.specialty_fr ? [["Spécialité / Specialty", both(s.specialty_fr, s.specialty_en)] as [string, string]] : []),
      ["Niveau / Level", both(s.level_fr, s.level_en)],
      ["Semestre / Semester", `${both(s.semester_fr, s.semester_en)} — ${s.academic_year}`],
      ["Session", s.session === "resit" ? "Après rattrapage / After the resit" : "Normale / Normal"],
    ],
    220,
    { size: 9, step: 14 },
  );
  w.down(8);

  const columns = [50, 318, 350, 385, 420, 455, 495, 535];
  const header = () => {
    ["UE / EC", "Cr.", "Coef.", "CC", "Exam.", "Ratt.", "/20", "Déc."].forEach((h, i) => w.text(h, columns[i], { bold: true, color: GREY, size: 8 }));
    w.down(13);
  };
  header();
  for (const u of s.units) {
    w.room(13 * (u.courses.length + 1));
    if (w.y > 770) header();
    w.text(`${u.code} — ${u.title_fr}`.slice(0, 56), 50, { bold: true, size: 9 });
    w.text(String(u.credits), columns[1], { bold: true, size: 9 });
    w.text(mark(u.average), columns[6], { bold: true, size: 9 });
    w.text(unitCode(u), columns[7], { bold: true, size: 9 });
    w.down(12);
    if (u.title_en && u.title_en !== u.title_fr) {
      w.text(u.title_en.slice(0, 60), 60, { size: 7, color: GREY });
      w.down(10);
    }
    for (const c of u.courses) {
      w.text(`${c.code} ${c.title}`.slice(0, 54), 60, { size: 8 });
      [String(c.coefficient), mark(c.cc), mark(c.exam), mark(c.resit), mark(c.mark)].forEach((v, i) => w.text(v, columns[i + 2], { size: 8 }));
      w.down(11);
    }
    w.down(4);
  }
  w.down(6);
  w.room(5 * 16 + 30);
  w.rows(
    [
      ["Moyenne du semestre / Semester average", `${mark(s.average)} / 20`],
      ["MGP / GPA", s.gpa === null ? "—" : `${mark(s.gpa)} / 4`],
      ["Crédits acquis / Credits earned", `${s.credits_earned} / ${s.credits_total}`],
      ["Mention / Honours", s.mention ? `${s.mention.fr} / ${s.mention.en}` : "—"],
      ["Décision / Decision", DECISIONS[s.decision]],
    ],
    300,
    { size: 10, step: 16 },
  );
  for (const line of LEGEND) {
    w.text(line, 50, { size: 6.5, color: GREY });
    w.down(9);
  }
  w.down(10);
  w.room(60);
  w.text(`Fait le / Done on ${formatDate("fr", doc.issued_at)}`, 330, { size: 9 });
  w.down(14);
  w.text(both(s.signatory_title_fr, s.signatory_title_en), 330, { size: 9, color: GREY });
  w.down(26);
  w.text(s.signatory_name ?? "—", 330, { size: 10, bold: true });
  w.down(16);
  await w.qr(transcriptVerificationUrl(origin, doc.verification_code, locale), "Vérifier ce relevé / Verify this transcript:");
  return w.save();
}

export async function downloadTranscript(doc: TranscriptDocument, locale: "fr" | "en"): Promise<void> {
  downloadPdf(await transcriptPdf(doc, window.location.origin, locale), `${doc.number}.pdf`);
}
