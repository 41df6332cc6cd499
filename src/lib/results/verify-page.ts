// The relevé verification page (/transcripts/verify/): verify_transcript's answer — number,
// holder, semester, session, issue date, institution, and whether it is still valid —
// through the shared verification script.
import { verifiedDate, verifyOnPage } from "../verification/verify-page.ts";

interface Verified {
  number: string; holder: string | null; semester_fr: string | null; semester_en: string | null; academic_year: string | null;
  session: "normal" | "resit"; issued_at: string; institution: string | null; valid: boolean;
}

export function verifyTranscriptOnPage(root: HTMLElement): Promise<void> {
  return verifyOnPage<Verified>(root, {
    rpc: "verify_transcript",
    verdict: (d, s) => ({ text: d.valid ? s.valid : s.superseded, ok: d.valid }),
    facts: (d, s, intl, locale) => [
      [s.number, d.number], [s.holder, d.holder],
      [s.semester, [locale === "en" ? d.semester_en : d.semester_fr, d.academic_year].filter(Boolean).join(" ")],
      [s.session, d.session === "resit" ? s.resit : s.normal], [s.date, verifiedDate(intl, d.issued_at)], [s.institution, d.institution],
    ],
  });
}
