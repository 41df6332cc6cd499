// A bank slip for one bill line: the file (photo or PDF), the amount and the slip's
// reference. The bursar approves or rejects it on admin/finance.
import { useId, useState } from "react";
import { SLIP_MAX_BYTES, SLIP_TYPES } from "../../lib/finance/rules.ts";
import { formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { submitBankSlip, type Due } from "./data.ts";
import { financeMessages } from "./messages.ts";

export default function SlipDialog({ due, label, studentId, onClose, onSent }: { due: Due; label: string; studentId: string; onClose: () => void; onSent: () => void }) {
  const m = useMessages(financeMessages);
  const locale = useLocale();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [amount, setAmount] = useState(String(due.remaining_xaf));
  const [reference, setReference] = useState("");
  const [errors, setErrors] = useState<{ file?: string; amount?: string; reference?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const next: typeof errors = {};
    if (!file || !SLIP_TYPES.includes(file.type) || file.size > SLIP_MAX_BYTES || file.size === 0) next.file = m.errors.file;
    const value = Number(amount.replace(/\s/g, ""));
    if (!Number.isInteger(value) || value <= 0 || value > due.remaining_xaf) next.amount = m.errors.amount;
    if (reference.trim().length < 2 || reference.trim().length > 100) next.reference = m.errors.reference;
    setErrors(next);
    if (Object.keys(next).length || !file) return;
    setSending(true);
    try {
      await submitBankSlip(getSupabase(), studentId, { instalment_id: due.instalment_id, amount_xaf: value, reference: reference.trim(), file });
      onSent();
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog title={fill(m.slipLine, { line: label })} isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">{m.slipHelp}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="font-medium text-gray-900">
            {m.slipFile}
          </label>
          <input
            id={fileId}
            type="file"
            accept={SLIP_TYPES.join(",")}
            aria-invalid={!!errors.file}
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="text-sm"
          />
          {errors.file && (
            <p id={`${fileId}-error`} className="text-sm text-red-700">
              {errors.file}
            </p>
          )}
        </div>
        <TextField
          label={m.amount}
          description={fill(m.amountHelp, { amount: formatXaf(locale, due.remaining_xaf) })}
          inputMode="numeric"
          value={amount}
          onChange={setAmount}
          errorMessage={errors.amount}
          isRequired
        />
        <TextField label={m.slipReference} value={reference} onChange={setReference} errorMessage={errors.reference} maxLength={100} isRequired />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={sending}>
            {m.slipSend}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
