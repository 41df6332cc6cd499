// The payment still open on a bill line (student/payments), shown in place of "Payer":
// its channel, amount and since when; "Check now" asks the operator at once (the
// payments-check function); once the operator's request has lapsed, "Abandon" closes it
// (cancel_my_payment) so the line can be paid again. A bank slip waiting for the bursar
// can be withdrawn at any time.
import { useEffect, useState } from "react";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { toastError } from "../ui/toast.ts";
import { abandonableAt, cancelPayment, checkPayment, type Payment } from "./data.ts";
import { financeMessages } from "./messages.ts";
import { outcomeText } from "./outcome.ts";

export default function OpenPaymentLine({ payment, line, onChanged }: { payment: Payment; line: string; onChanged: (notice: string) => void }) {
  const m = useMessages(financeMessages);
  const locale = useLocale();
  const [busy, setBusy] = useState<"check" | "abandon" | null>(null);
  const [said, setSaid] = useState("");
  const at = abandonableAt(payment).getTime();
  const [now, setNow] = useState(() => Date.now());
  // The "Abandon" button appears by itself when the operator's time is up.
  useEffect(() => {
    const wait = at - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wait + 500, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [at]);
  const mobile = payment.method !== "bank_transfer";
  const canAbandon = now >= at;

  async function check() {
    setBusy("check");
    setSaid("");
    const result = await checkPayment(getSupabase(), payment.id).catch(() => ({ error: "server_error" }));
    setBusy(null);
    if ("error" in result) return setSaid((m.checkErrors as Record<string, string>)[result.error] ?? m.checkErrors.server_error);
    if (result.status === "pending" || result.status === "created") return setSaid(m.stillPending);
    onChanged(outcomeText(m, result.status, result.failure_reason));
  }

  async function abandon() {
    setBusy("abandon");
    try {
      await cancelPayment(getSupabase(), payment.id);
      onChanged(m.abandoned);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="mt-1 flex flex-col gap-2" data-testid="open-payment" data-status={payment.status}>
      <p className="text-xs text-blue-900">
        <span className="font-medium">{m.pendingBadge}</span>{" "}
        {fill(m.openPayment, {
          channel: (m.methods as Record<string, string>)[payment.method] ?? payment.method,
          amount: formatXaf(locale, payment.amount_xaf),
          since: formatDateTime(locale, payment.initiated_at ?? payment.created_at),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        {mobile && (
          <Button size="sm" variant="secondary" isPending={busy === "check"} onPress={() => void check()} aria-label={fill(m.checkNowLine, { line })}>
            {m.checkNow}
          </Button>
        )}
        {canAbandon && (
          <Button size="sm" variant="ghost" isPending={busy === "abandon"} onPress={() => void abandon()} aria-label={fill(m.abandonLine, { line })}>
            {m.abandon}
          </Button>
        )}
      </div>
      {mobile && !canAbandon && <p className="text-xs text-gray-700">{fill(m.abandonLater, { time: formatDateTime(locale, new Date(at).toISOString()) })}</p>}
      {said && (
        <p role="status" className="text-xs text-gray-900">
          {said}
        </p>
      )}
    </div>
  );
}
