// The verifiable documents as PDFs: the relevé holds every item a registrar signs (issue 20
// item 5), a simulated payment's receipt says SIMULÉ / SIMULATED (issue 19 item 4), and the
// cancelling receipt carries the refund's reason.
import { describe, expect, it } from "vitest";
import { transcriptPdf, type TranscriptDocument } from "../../src/dashboard/results/transcript-pdf.ts";
import { receiptPdf, type ReceiptData } from "../../src/dashboard/shared/receipt-pdf.ts";
import { pdfText } from "../fixtures/pdf-text.ts";

const transcript: TranscriptDocument = {
  number: "RN-2026-000042",
  verification_code: "a".repeat(32),
  issued_at: "2026-11-26T10:00:00Z",
  snapshot: {
    institution: "Université en ligne du Cameroun",
    niu: "M012000012345A",
    authorization_ref: "Arrêté n° 23/00417/MINESUP",
    postal_address: "BP 8203, Yaoundé",
    holder: "Awa Ngono",
    birth_date: "2004-03-14",
    birth_place: "Douala",
    matricule: "26UO0001",
    programme_fr: "Génie logiciel",
    programme_en: "Software engineering",
    level_fr: "Licence 2",
    level_en: "Bachelor year 2",
    semester_fr: "Semestre 3",
    semester_en: "Semester 3",
    academic_year: "2026-2027",
    session: "resit",
    average: 11.57,
    gpa: 2.1,
    credits_earned: 30,
    credits_total: 30,
    mention: { fr: "Passable", en: "Pass" },
    decision: "validated",
    units: [
      {
        code: "UE-INF-101",
        title_fr: "Algorithmique",
        title_en: "Algorithms",
        credits: 6,
        average: 12.4,
        validated_by: "average",
        letter: "C+",
        decision_code: "CA",
        courses: [{ code: "INF-101", title: "Algorithmique", coefficient: 1, cc: 13, exam: 12, resit: null, mark: 12.4 }],
      },
      {
        code: "UE-MAT-102",
        title_fr: "Mathématiques",
        title_en: "Mathematics",
        credits: 4,
        average: 8.5,
        validated_by: "compensation",
        letter: "D",
        courses: [{ code: "MAT-102", title: "Analyse", coefficient: 2, cc: 9, exam: 7, resit: 8.2, mark: 8.5 }],
      },
    ],
    signatory_name: "Dr Hélène Mbarga",
    signatory_title_fr: "Cheffe du service de la scolarité",
    signatory_title_en: "Head of the Registrar's Office",
  },
};

describe("the relevé PDF", () => {
  it("holds the institution, the registrar's identity, programme, level, every UE with its code, the result and the signatory", async () => {
    const text = pdfText(await transcriptPdf(transcript, "https://univ.cm", "fr"));
    for (const item of [
      "Université en ligne du Cameroun",
      "NIU : M012000012345A",
      "Arrêté n° 23/00417/MINESUP",
      "N° RN-2026-000042",
      "Awa Ngono",
      "14 mars 2004, Douala",
      "26UO0001",
      "Génie logiciel / Software engineering",
      "Licence 2 / Bachelor year 2",
      "Semestre 3 / Semester 3 — 2026-2027",
      "Après rattrapage / After the resit",
      "UE-INF-101 — Algorithmique",
      "12,4",
      "CA",
      "UE-MAT-102 — Mathématiques",
      "CANT",
      "INF-101 Algorithmique",
      "8,2",
      "11,57 / 20",
      "30 / 30",
      "Passable / Pass",
      "Semestre validé / Semester passed",
      "Dr Hélène Mbarga",
      "Cheffe du service de la scolarité / Head of the Registrar's Office",
      `https://univ.cm/transcripts/verify/?c=${"a".repeat(32)}`,
    ])
      expect(text).toContain(item);
  });
});

const receipt = (details: Record<string, unknown>, kind: ReceiptData["kind"] = "payment"): ReceiptData => ({
  number: "REC-2026-000127",
  kind,
  amount_xaf: 10000,
  issued_at: "2026-11-26T11:46:00Z",
  verification_code: "b".repeat(32),
  details: {
    institution: "Université en ligne du Cameroun",
    niu: "M012000012345A",
    payer: "Frais Candidat",
    item_fr: "Frais de candidature",
    item_en: "Application fee",
    channel: "mtn_momo",
    ...details,
  },
});

describe("the receipt PDF", () => {
  it("says SIMULÉ / SIMULATED when the simulator settled the payment, and only then", async () => {
    const simulated = pdfText(await receiptPdf(receipt({ simulated: true }), "https://univ.cm", "fr"));
    expect(simulated).toContain("SIMULÉ / SIMULATED");
    expect(simulated).toContain("Frais Candidat");
    expect(simulated).toContain("26 novembre 2026");
    const real = pdfText(await receiptPdf(receipt({}), "https://univ.cm", "fr"));
    expect(real).not.toContain("SIMUL");
  });

  it("a cancelling receipt carries the refund's reason", async () => {
    const text = pdfText(await receiptPdf(receipt({ cancels: "REC-2026-000100", reason: "Double paiement remboursé" }, "cancellation"), "https://univ.cm", "fr"));
    expect(text).toContain("Annule / Cancels : REC-2026-000100 — Double paiement remboursé");
  });
});
