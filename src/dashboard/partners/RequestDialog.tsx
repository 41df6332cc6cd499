// A student asks for a seat in a partner course, with a short motivation (loaded on the
// click that opens it: react-hook-form is not needed to read the list).
import { MOTIVATION_MAX, motivationSchema, type MotivationForm } from "../../lib/forms/partner-courses.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { Form, FormError, FormField, useFormPending, useZodForm } from "../ui/Form.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import { refusalOf, requestSeat, type PartnerCourse } from "./data.ts";
import { partnersMessages } from "./messages.ts";

export default function RequestDialog({ course, onClose, onSent }: { course: PartnerCourse; onClose: () => void; onSent: () => void }) {
  const m = useMessages(partnersMessages);
  const form = useZodForm(motivationSchema, { defaultValues: { motivation: "" } });
  const translateError = (key: string) => (m.errors as Record<string, string>)[key] ?? (m.refusals as Record<string, string>)[key] ?? key;
  async function send(values: MotivationForm) {
    try {
      await requestSeat(getSupabase(), course.id, values.motivation);
      onSent();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return form.setError("root", { message: refusal });
      toastError(error);
    }
  }
  const title = fill(m.requestTitle, { title: course.title });
  return (
    <Dialog title={title} isOpen onOpenChange={(open) => !open && onClose()}>
      <Form form={form} onSubmit={send} translateError={translateError} aria-label={title}>
        <FormField name="motivation">{(field) => <TextArea label={m.motivationLabel} rows={4} maxLength={MOTIVATION_MAX} isRequired {...field} />}</FormField>
        <FormError />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <SendButton label={m.send} />
        </DialogActions>
      </Form>
    </Dialog>
  );
}

function SendButton({ label }: { label: string }) {
  return (
    <Button type="submit" isPending={useFormPending()}>
      {label}
    </Button>
  );
}
