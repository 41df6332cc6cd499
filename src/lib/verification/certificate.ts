// The certificate of enrolment's verification page (/certificates/verify/):
// verify_enrolment_certificate's answer — number, holder, programme, level, academic year,
// issue date, institution, and whether it is still valid — through the shared script.
import { verifiedDate, verifyOnPage } from "./verify-page.ts";

interface Verified {
  number: string;
  holder: string | null;
  programme_fr: string | null;
  programme_en: string | null;
  level_fr: string | null;
  level_en: string | null;
  academic_year: string | null;
  issued_at: string;
  institution: string | null;
  valid: boolean;
}

export function verifyCertificateOnPage(root: HTMLElement): Promise<void> {
  return verifyOnPage<Verified>(root, {
    rpc: "verify_enrolment_certificate",
    verdict: (c, s) => ({ text: c.valid ? s.valid : s.invalid, ok: c.valid }),
    facts: (c, s, intl, locale) => [
      [s.number, c.number],
      [s.holder, c.holder],
      [s.programme, locale === "en" ? c.programme_en : c.programme_fr],
      [s.level, locale === "en" ? c.level_en : c.level_fr],
      [s.year, c.academic_year],
      [s.date, verifiedDate(intl, c.issued_at)],
      [s.institution, c.institution],
    ],
  });
}
