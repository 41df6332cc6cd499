// "Remettre la pénalité": the amount (at most what may still be waived) and the reason,
// checked by penaltyWaiverSchema, then waive_late_penalty (which checks them again).
import { formatXaf } from "../../lib/format.ts";
import { penaltyWaiverSchema, type PenaltyWaiverForm } from "../../lib/forms/finance.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { waivePenalty, type PenaltyLine } from "./admin-data.ts";
import { adminFinanceMessages } from "./admin-messages.ts";

export default function WaiveDialog({ penalty, onClose, onDone }: { penalty: PenaltyLine; onClose: () => void; onDone: (amount: number) => Promise<void> }) {
  const m = useMessages(adminFinanceMessages);
  const locale = useLocale();
  const form = useZodForm(penaltyWaiverSchema(penalty.waivable_xaf), { defaultValues: { amount_xaf: String(penalty.waivable_xaf), reason: "" } });
  const translateError = (key: string) => fill((m.formErrors as Record<string, string>)[key] ?? key, { amount: formatXaf(locale, penalty.waivable_xaf) });

  async function save(values: PenaltyWaiverForm) {
    try {
      await waivePenalty(getSupabase(), penalty.penalty_id, values.amount_xaf, values.reason);
      await onDone(values.amount_xaf);
    } catch (failure) {
      const said = failure instanceof Error ? failure.message : String(failure);
      // The database's refusals, in the page's words (another bursar may have been quicker).
      const known = /already waived/.test(said) ? "alreadyWaived" : /already paid|at most/.test(said) ? "alreadyPaid" : null;
      if (!known) return toastError(failure);
      form.setError("root", { message: known });
    }
  }

  const line = locale === "en" ? penalty.label_en : penalty.label_fr;
  return (
    <Dialog title={fill(m.waiveTitle, { name: penalty.student_name ?? penalty.matricule ?? "" })} isOpen onOpenChange={(open) => !open && onClose()}>
      <p className="mb-4 text-sm text-gray-700">{fill(m.waiveIntro, { line, penalty: formatXaf(locale, penalty.penalty_xaf), waivable: formatXaf(locale, penalty.waivable_xaf) })}</p>
      <Form form={form} onSubmit={save} translateError={translateError}>
        <FormField name="amount_xaf">{(field) => <TextField label={m.waiveAmount} inputMode="numeric" isRequired {...field} />}</FormField>
        <FormField name="reason">{(field) => <TextArea label={m.waiveReason} description={m.waiveReasonHelp} maxLength={500} isRequired {...field} />}</FormField>
        <FormError />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <SubmitButton label={m.confirmWaive} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function SubmitButton({ label }: { label: string }) {
  return (
    <Button type="submit" isPending={useFormPending()}>
      {label}
    </Button>
  );
}
