// Refusing a Harvard Online request: the reason, which the student reads.
import { rejectionSchema, type RejectionForm } from "../../lib/forms/partner-courses.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { Form, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { partnersMessages } from "./messages.ts";

export default function RejectRequestDialog({ name, onClose, onReject }: { name: string; onClose: () => void; onReject: (values: RejectionForm) => Promise<void> }) {
  const m = useMessages(partnersMessages);
  const form = useZodForm(rejectionSchema, { defaultValues: { reason: "" } });
  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? key;
  const title = fill(m.rejectTitle, { name });
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form form={form} onSubmit={onReject} translateError={translateError} aria-label={title}>
        <FormField name="reason">{(field) => <TextArea label={m.rejectReason} rows={3} maxLength={500} isRequired {...field} />}</FormField>
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <SubmitButton label={m.confirmReject} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function SubmitButton({ label }: { label: string }) {
  return (
    <Button type="submit" variant="danger" isPending={useFormPending()}>
      {label}
    </Button>
  );
}
