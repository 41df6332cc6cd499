// The relevé verification page (/transcripts/verify/): verify_transcript's answer — whether
// it is still valid, then the holder (the registrar's name as printed), programme, level,
// semester, session, the semester's average, credits, mention and decision, and each UE's
// credits, average and decision code — so a copy whose figures were altered shows the
// difference at a glance. Through the shared verification script.
import { verifiedDate, verifyOnPage, type Strings } from "../verification/verify-page.ts";

export interface VerifiedUnit {
  code: string;
  title_fr: string | null;
  title_en: string | null;
  credits: number;
  average: number | null;
  decision_code: string;
}
interface Verified {
  number: string;
  holder: string | null;
  semester_fr: string | null;
  semester_en: string | null;
  academic_year: string | null;
  session: "normal" | "resit";
  issued_at: string;
  institution: string | null;
  valid: boolean;
  programme_fr: string | null;
  programme_en: string | null;
  level_fr: string | null;
  level_en: string | null;
  average: number | null;
  credits_earned: number | null;
  credits_total: number | null;
  mention: { fr: string; en: string } | null;
  decision: "validated" | "resit" | "deferred" | "incomplete" | null;
  units: VerifiedUnit[] | null;
}

const mark = (intl: string, v: number | null) => (v === null ? "—" : new Intl.NumberFormat(intl, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v));

/** One line per UE: "UE-INF-101 Algorithmique — 6 cr. — 12,40 / 20 — CA". */
export function unitLine(u: VerifiedUnit, s: Strings, intl: string, locale: "fr" | "en"): string {
  const title = (locale === "en" ? u.title_en : u.title_fr) ?? "";
  return `${u.code} ${title} — ${u.credits} ${s.credits} — ${mark(intl, u.average)} / 20 — ${u.decision_code}`;
}

export function verifyTranscriptOnPage(root: HTMLElement): Promise<void> {
  return verifyOnPage<Verified>(root, {
    rpc: "verify_transcript",
    verdict: (d, s) => ({ text: d.valid ? s.valid : s.superseded, ok: d.valid }),
    facts: (d, s, intl, locale) => [
      [s.number, d.number],
      [s.holder, d.holder],
      [s.programme, locale === "en" ? d.programme_en : d.programme_fr],
      [s.level, locale === "en" ? d.level_en : d.level_fr],
      [s.semester, [locale === "en" ? d.semester_en : d.semester_fr, d.academic_year].filter(Boolean).join(" ")],
      [s.session, d.session === "resit" ? s.resit : s.normal],
      [s.average, d.average === null ? null : `${mark(intl, d.average)} / 20`],
      [s.creditsEarned, d.credits_total === null ? null : `${d.credits_earned} / ${d.credits_total}`],
      [s.mention, d.mention ? (locale === "en" ? d.mention.en : d.mention.fr) : null],
      [s.decision, d.decision ? s[`decision_${d.decision}`] : null],
      ...(d.units ?? []).map((u): [string, string] => [`${s.unit} ${u.code}`, unitLine(u, s, intl, locale)]),
      [s.codes, d.units?.length ? s.legend : null],
      [s.date, verifiedDate(intl, d.issued_at)],
      [s.institution, d.institution],
    ],
  });
}
