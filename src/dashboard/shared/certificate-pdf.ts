// The certificate of enrolment (attestation d'inscription) as a bilingual PDF (DOMAIN §2,
// MINESUP circular of 9 Mar 2023: bilingual, numbered, verifiable): institution, number,
// the student's names, matricule, birth date and place when known, programme, level,
// academic year, registration and issue dates, and a QR code to the public verification
// page. Loaded only when someone downloads one (pdf-lib and qrcode stay out of the pages).
import { formatDate } from "../../lib/format.ts";
import { downloadPdf } from "../../lib/download.ts";
import { both, GREY, PageWriter } from "../../lib/pdf/page-writer.ts";
import { certificateVerificationUrl } from "../../lib/verification/certificate-url.ts";
import type { EnrolmentCertificate } from "./certificates-data.ts";

export async function certificatePdf(doc: EnrolmentCertificate, origin: string, locale: "fr" | "en"): Promise<Uint8Array> {
  const s = doc.snapshot;
  const w = await PageWriter.create(doc.number, "Attestation d'inscription / Certificate of enrolment");
  w.letterhead(s.institution, [s.niu && `NIU : ${s.niu}`]);
  w.down(40);
  w.text("ATTESTATION D'INSCRIPTION", 50, { size: 18, bold: true });
  w.down(20);
  w.text("CERTIFICATE OF ENROLMENT", 50, { size: 13, bold: true, color: GREY });
  w.down(24);
  w.text(`N° ${doc.number}`, 50, { size: 12, bold: true });
  w.down(32);
  w.text("L'université soussignée atteste que l'étudiant(e) ci-dessous est régulièrement inscrit(e) pour l'année académique", 50, { size: 9 });
  w.down(12);
  w.text(`${s.academic_year}. / The university certifies that the student below is registered for the academic year ${s.academic_year}.`, 50, { size: 9, color: GREY });
  w.down(30);
  const programme = both(s.programme_fr ?? s.formation_fr ?? s.extension_fr, s.programme_en ?? s.formation_en ?? s.extension_en, "");
  w.rows(
    [
      ["Nom et prénoms / Full name", s.holder],
      ["Matricule / Student number", s.matricule],
      ...(s.birth_date || s.birth_place ? [["Né(e) le, à / Born on, in", [s.birth_date ? formatDate("fr", s.birth_date) : null, s.birth_place].filter(Boolean).join(", ")] as [string, string]] : []),
      ["Filière / Programme", programme],
      ...(s.specialty_fr ? [["Spécialité / Specialty", both(s.specialty_fr, s.specialty_en)] as [string, string]] : []),
      ...(s.level_fr ? [["Niveau / Level", both(s.level_fr, s.level_en)] as [string, string]] : []),
      ["Année académique / Academic year", s.academic_year],
      ["Inscrit(e) le / Registered on", formatDate("fr", s.registered_at)],
    ],
    240,
    { step: 20 },
  );
  w.down(16);
  w.text(`Délivrée le / Issued on ${formatDate("fr", doc.issued_at)}`, 50);
  w.down(14);
  w.text("En foi de quoi la présente attestation lui est délivrée pour servir et valoir ce que de droit.", 50, { size: 9 });
  w.down(12);
  w.text("This certificate is issued to serve whatever purpose it may.", 50, { size: 9, color: GREY });
  w.down(40);
  await w.qr(certificateVerificationUrl(origin, doc.verification_code, locale), "Vérifier cette attestation / Verify this certificate:");
  return w.save();
}

export async function downloadCertificate(doc: EnrolmentCertificate, locale: "fr" | "en"): Promise<void> {
  downloadPdf(await certificatePdf(doc, window.location.origin, locale), `${doc.number}.pdf`);
}
