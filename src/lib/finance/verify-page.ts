// The receipt verification page (/receipts/verify/): verify_receipt's answer — number, date,
// amount, academic year, item, the payer's initials, the institution, and whether a later
// receipt cancelled it — through the shared verification script. A receipt of a payment
// the simulator settled is never "valid": the verdict says SIMULÉ / SIMULATED (no money
// moved).
import { verifiedDate, verifyOnPage } from "../verification/verify-page.ts";

interface Verified {
  number: string;
  kind: string;
  issued_at: string;
  amount_xaf: number;
  academic_year: string | null;
  item_fr: string | null;
  item_en: string | null;
  payer_initials: string | null;
  institution: string | null;
  cancelled_by: string | null;
  simulated: boolean;
}

export function verifyReceiptOnPage(root: HTMLElement): Promise<void> {
  return verifyOnPage<Verified>(root, {
    rpc: "verify_receipt",
    verdict: (r, s) =>
      r.simulated
        ? { text: s.simulated, ok: false }
        : r.cancelled_by
          ? { text: s.cancelled.replace("{number}", r.cancelled_by), ok: false }
          : { text: r.kind === "cancellation" ? `${s.valid}. ${s.cancellation}` : s.valid, ok: true },
    facts: (r, s, intl, locale) => [
      [s.number, r.number],
      [s.date, verifiedDate(intl, r.issued_at, true)],
      [s.amount, new Intl.NumberFormat(intl, { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(r.amount_xaf)],
      [s.year, r.academic_year],
      [s.item, locale === "en" ? r.item_en : r.item_fr],
      [s.payer, r.payer_initials],
      [s.institution, r.institution],
    ],
  });
}
