// Editing an evaluation from teacher/evaluations: its title, coefficient and date (its course
// and kind stay). zod here, RLS and constraints in the database; a refusal stays in the dialog.
import { useState, type FormEvent } from "react";
import { decimalInput, evaluationEditSchema } from "../../lib/forms/evaluation.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { errorText } from "../ui/styles.ts";
import { toastSuccess, useErrorMessage } from "../ui/toast.ts";
import { updateEvaluation, type TeacherEvaluation } from "./data.ts";
import { Field, fieldErrors } from "./fields.tsx";
import { quizMessages } from "./messages.ts";

export function EditEvaluationDialog({ evaluation, onClose, onSaved }: { evaluation: TeacherEvaluation; onClose: () => void; onSaved: () => void }) {
  const all = useMessages(quizMessages);
  const m = all.edit;
  const errorMessage = useErrorMessage();
  const [values, setValues] = useState({ title: evaluation.title, coefficient: String(evaluation.coefficient), held_on: evaluation.held_on ?? "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (name: keyof typeof values) => (e: { currentTarget: { value: string } }) => setValues({ ...values, [name]: e.currentTarget.value });
  const error = (name: string) => (errors[name] ? (all.errors[errors[name]] ?? errors[name]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = evaluationEditSchema.safeParse({ ...values, coefficient: decimalInput(values.coefficient) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await updateEvaluation(getSupabase(), evaluation.id, parsed.data);
      toastSuccess("updated");
      onSaved();
      onClose();
    } catch (failure) {
      setErrors({ form: errorMessage(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog title={m.title} isOpen onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <Field label={all.create.name} error={error("title")}>
          {(p) => <input {...p} value={values.title} onChange={set("title")} maxLength={200} />}
        </Field>
        <Field label={all.create.coefficient} error={error("coefficient")}>
          {(p) => <input {...p} inputMode="decimal" value={values.coefficient} onChange={set("coefficient")} />}
        </Field>
        <Field label={all.create.date} error={error("held_on")}>
          {(p) => <input {...p} type="date" value={values.held_on} onChange={set("held_on")} />}
        </Field>
        {errors.form && (
          <p role="alert" className={errorText}>
            {errors.form}
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {m.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
