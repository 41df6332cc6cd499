// applications: the receipt of a paid application fee, to download as the bilingual PDF
// with its QR code (the same receipt module as a student's payments; it loads on the click).
import { useState } from "react";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fetchApplicationFeeReceipts, type Receipt } from "../shared/receipts-data.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useAdmissionsQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { feeReceiptMessages } from "./fee-receipt-messages.ts";

export function FeeReceipts({ applicationId }: { applicationId: string }) {
  const m = useMessages(feeReceiptMessages);
  const locale = useLocale();
  const [pending, setPending] = useState<string | null>(null);
  const receipts = useAdmissionsQuery(["application-fee-receipts", applicationId], () => fetchApplicationFeeReceipts(getSupabase(), applicationId));
  async function download(receipt: Receipt) {
    setPending(receipt.id);
    try {
      const { downloadReceipt } = await import("../shared/receipt-pdf.ts");
      await downloadReceipt(receipt, locale);
    } catch (failure) {
      toastError(failure);
    } finally {
      setPending(null);
    }
  }
  return (
    <section className="mb-4" aria-label={m.title} data-testid="fee-receipts">
      <h3 className="font-semibold text-brand-900">{m.title}</h3>
      {receipts.error ? (
        <ErrorState error={receipts.error} onRetry={receipts.retry} />
      ) : !receipts.data ? (
        <Skeleton lines={1} />
      ) : receipts.data.length === 0 ? (
        <p className="text-sm text-gray-700">{m.none}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-2">
          {receipts.data.map((r) => (
            <li key={r.id}>
              <Button size="sm" variant="secondary" isPending={pending === r.id} onPress={() => void download(r)}>
                {fill(m.download, { number: r.number })} · {formatXaf(locale, r.amount_xaf)}
                {r.kind === "cancellation" ? ` (${m.cancellation})` : ""}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
