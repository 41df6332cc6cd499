// Downloads an issued receipt as a PDF (its generator loads on the click).
import { useState } from "react";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { toastError } from "../ui/toast.ts";
import type { IssuedReceipt } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";

export function ReceiptButton({ receipt }: { receipt: IssuedReceipt }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { downloadReceipt } = await import("../shared/receipt-pdf.ts");
      await downloadReceipt(receipt, locale);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="sm" variant="secondary" isPending={busy} onPress={() => void download()}>
      {fill(m.downloadReceipt, { number: receipt.number })}
    </Button>
  );
}
