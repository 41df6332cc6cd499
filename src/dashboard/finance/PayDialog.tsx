// "Payer": choose MTN MoMo or Orange Money, type the phone number, request the payment,
// then follow it live (the page's realtime subscription feeds `live`), each outcome in
// plain words. A retried request reuses the dialog's idempotency key: it never pays twice.
import { useEffect, useMemo, useState } from "react";
import { CAMEROON_MOBILE, normalizeMobile } from "../../lib/finance/rules.ts";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextField } from "../ui/TextField.tsx";
import { readPayment, startMobilePayment, type Due } from "./data.ts";
import { financeMessages } from "./messages.ts";
import { outcomeText } from "./outcome.ts";

export interface LiveStatus {
  id: string;
  status: string;
  failure_reason: string | null;
}

export default function PayDialog({ due, label, live, onClose }: { due: Due; label: string; live: LiveStatus | null; onClose: () => void }) {
  const m = useMessages(financeMessages);
  const locale = useLocale();
  const [channel, setChannel] = useState<"mtn_momo" | "orange_money">("mtn_momo");
  const [phone, setPhone] = useState("");
  const [amount, setAmount] = useState(String(due.remaining_xaf));
  const [errors, setErrors] = useState<{ phone?: string; amount?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [payment, setPayment] = useState<LiveStatus | null>(null);
  const key = useMemo(() => crypto.randomUUID(), []);
  const [attempt, setAttempt] = useState(key);

  // Realtime brings the outcome; a slow poll covers a dropped connection.
  const current = live && payment && live.id === payment.id ? live : payment;
  const open = current && (current.status === "created" || current.status === "pending");
  useEffect(() => {
    if (!open || !payment) return;
    const timer = setInterval(async () => {
      const row = await readPayment(getSupabase(), payment.id).catch(() => null);
      if (row && row.status !== payment.status) setPayment({ id: payment.id, ...row });
    }, 4000);
    return () => clearInterval(timer);
  }, [open, payment]);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!CAMEROON_MOBILE.test(normalizeMobile(phone))) next.phone = m.errors.phone;
    const value = Number(amount.replace(/\s/g, ""));
    if (!Number.isInteger(value) || value <= 0 || value > due.remaining_xaf) next.amount = m.errors.amount;
    setErrors(next);
    if (next.phone || next.amount) return;
    setSending(true);
    const result = await startMobilePayment(
      getSupabase(),
      {
        student_fee_id: due.student_fee_id,
        instalment_id: due.instalment_id,
        channel,
        phone,
        amount_xaf: value,
      },
      attempt,
    ).catch(() => ({ error: "server_error" }));
    setSending(false);
    if ("error" in result) {
      setErrors({ form: (m.errors as Record<string, string>)[result.error] ?? m.errors.server_error });
      return;
    }
    setPayment({ id: result.id, status: result.status, failure_reason: result.failure_reason });
  }

  const finished = current && !open;
  const tone = current?.status === "succeeded" ? "border-green-300 bg-green-50 text-green-900" : finished ? "border-red-300 bg-red-50 text-red-900" : "border-blue-200 bg-blue-50 text-blue-900";

  return (
    <Dialog title={fill(m.payLine, { line: label })} isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      {current ? (
        <div>
          <p role="status" data-testid="payment-status" data-status={current.status} className={`rounded-lg border p-4 ${tone}`}>
            {outcomeText(m, current.status, current.failure_reason)}
          </p>
          <DialogActions>
            {finished && current.status !== "succeeded" && (
              <Button
                variant="secondary"
                onPress={() => {
                  setPayment(null);
                  setAttempt(crypto.randomUUID());
                }}
              >
                {m.tryAgain}
              </Button>
            )}
            <Button variant={finished ? "primary" : "secondary"} onPress={onClose}>
              {m.done}
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <RadioGroup
            label={m.channel}
            value={channel}
            onChange={(v) => setChannel(v as typeof channel)}
            orientation="horizontal"
            options={[
              { value: "mtn_momo", label: m.mtn },
              { value: "orange_money", label: m.orange },
            ]}
          />
          <TextField label={m.phone} description={m.phoneHelp} type="tel" autoComplete="tel-national" inputMode="tel" value={phone} onChange={setPhone} errorMessage={errors.phone} isRequired />
          <TextField
            label={m.amount}
            description={fill(m.amountHelp, { amount: formatXaf(locale, due.remaining_xaf) })}
            inputMode="numeric"
            value={amount}
            onChange={setAmount}
            errorMessage={errors.amount}
            isRequired
          />
          {errors.form && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {errors.form}
            </p>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={onClose}>
              {m.cancel}
            </Button>
            <Button type="submit" isPending={sending}>
              {m.confirmPay}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
