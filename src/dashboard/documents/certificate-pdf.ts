// The certificate of enrolment (attestation d'inscription) as a bilingual PDF (DOMAIN §2,
// MINESUP circular of 9 Mar 2023: bilingual, numbered, verifiable): institution, number,
// the student's names, matricule, birth date and place when known, programme, level,
// academic year, registration and issue dates, and a QR code to the public verification
// page. Loaded only when someone downloads one (pdf-lib and qrcode stay out of the pages).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { formatDate } from "../../lib/format.ts";
import { certificateVerificationUrl } from "../../lib/verification/certificate-url.ts";
import type { EnrolmentCertificate } from "./data.ts";

const plain = (s: string) => s.replace(/\u202f|\u00a0/g, " ");
const both = (fr: string | null, en: string | null) => (fr && en && fr !== en ? `${fr} / ${en}` : fr ?? en ?? "");

export async function certificatePdf(doc: EnrolmentCertificate, origin: string, locale: "fr" | "en"): Promise<Uint8Array> {
  const s = doc.snapshot;
  const url = certificateVerificationUrl(origin, doc.verification_code, locale);
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.number);
  pdf.setSubject("Attestation d'inscription / Certificate of enrolment");
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  const grey = rgb(0.35, 0.35, 0.4);
  let y = 780;
  const text = (value: string, x: number, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {}) =>
    page.drawText(plain(value), { x, y, size: options.size ?? 10, font: options.bold ? bold : font, color: options.color ?? ink });

  text(s.institution, 50, { size: 16, bold: true });
  y -= 16;
  if (s.niu) text(`NIU : ${s.niu}`, 50, { size: 9, color: grey });
  y -= 40;
  text("ATTESTATION D'INSCRIPTION", 50, { size: 18, bold: true });
  y -= 20;
  text("CERTIFICATE OF ENROLMENT", 50, { size: 13, bold: true, color: grey });
  y -= 24;
  text(`N° ${doc.number}`, 50, { size: 12, bold: true });
  y -= 32;
  text("L'université soussignée atteste que l'étudiant(e) ci-dessous est régulièrement inscrit(e) pour l'année académique", 50, { size: 9 });
  y -= 12;
  text(`${s.academic_year}. / The university certifies that the student below is registered for the academic year ${s.academic_year}.`, 50, { size: 9, color: grey });
  y -= 30;
  const programme = both(s.programme_fr ?? s.formation_fr ?? s.extension_fr, s.programme_en ?? s.formation_en ?? s.extension_en);
  const rows: [string, string][] = [
    ["Nom et prénoms / Full name", s.holder],
    ["Matricule / Student number", s.matricule],
    ...(s.birth_date || s.birth_place
      ? [["Né(e) le, à / Born on, in", [s.birth_date ? formatDate("fr", s.birth_date) : null, s.birth_place].filter(Boolean).join(", ")] as [string, string]]
      : []),
    ["Filière / Programme", programme],
    ...(s.specialty_fr ? [["Spécialité / Specialty", both(s.specialty_fr, s.specialty_en)] as [string, string]] : []),
    ...(s.level_fr ? [["Niveau / Level", both(s.level_fr, s.level_en)] as [string, string]] : []),
    ["Année académique / Academic year", s.academic_year],
    ["Inscrit(e) le / Registered on", formatDate("fr", s.registered_at)],
  ];
  for (const [label, value] of rows) {
    text(label, 50, { color: grey });
    text(value.slice(0, 70), 240, { bold: true, size: 11 });
    y -= 20;
  }
  y -= 16;
  text(`Délivrée le / Issued on ${formatDate("fr", doc.issued_at)}`, 50);
  y -= 14;
  text("En foi de quoi la présente attestation lui est délivrée pour servir et valoir ce que de droit.", 50, { size: 9 });
  y -= 12;
  text("This certificate is issued to serve whatever purpose it may.", 50, { size: 9, color: grey });

  const qr = await pdf.embedPng(await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: "M" }));
  page.drawImage(qr, { x: 50, y: 90, width: 120, height: 120 });
  page.drawText("Vérifier cette attestation / Verify this certificate:", { x: 190, y: 180, size: 10, font, color: ink });
  page.drawText(url, { x: 190, y: 164, size: 7, font, color: rgb(0.1, 0.2, 0.6) });
  return pdf.save();
}

export async function downloadCertificate(doc: EnrolmentCertificate, locale: "fr" | "en"): Promise<void> {
  const bytes = await certificatePdf(doc, window.location.origin, locale);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${doc.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
