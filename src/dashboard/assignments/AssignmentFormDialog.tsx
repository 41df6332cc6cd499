// Create or edit an assignment: course, title, instructions and their files, opening and
// deadline (Douala time), late policy, coefficient in the gradebook. Checked here with the
// form's zod schema, then by the database (save_assignment and the tables' rules).
import { useId, useState } from "react";
import { assignmentFormSchema, checkUploads } from "../../lib/forms/assignment.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Select } from "../ui/Select.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { cx, errorText, focusRing, labelText, descriptionText } from "../ui/styles.ts";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { ACCEPTED_TYPES, fileName, LATE_POLICIES, MAX_FILE_BYTES, MAX_FILES, saveAssignment, uploadAttachment, type Assignment, type Course, type EvaluationSeed, type LatePolicy } from "./data.ts";
import { assignmentMessages } from "./messages.ts";

type Errors = Partial<Record<"course_id" | "title" | "due_at" | "late_penalty_per_day" | "coefficient" | "files", string>>;

export function AssignmentFormDialog({
  courses,
  assignment,
  evaluation,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  courses: Course[];
  assignment: Assignment | null;
  /** A new assignment for this evaluation (created on teacher/evaluations/new). */
  evaluation?: EvaluationSeed | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const m = useMessages(assignmentMessages);
  const [id] = useState(() => assignment?.id ?? crypto.randomUUID());
  const [courseId, setCourseId] = useState<string | null>(assignment?.course_id ?? evaluation?.course_id ?? (courses.length === 1 ? courses[0].id : null));
  const [title, setTitle] = useState(assignment?.title ?? evaluation?.title ?? "");
  const [instructions, setInstructions] = useState(assignment?.instructions ?? "");
  const [opensAt, setOpensAt] = useState<string | null>(assignment?.opens_at?.toISOString() ?? null);
  const [dueAt, setDueAt] = useState<string | null>(assignment?.due_at?.toISOString() ?? null);
  const [policy, setPolicy] = useState<LatePolicy>(assignment?.late_policy ?? "accept");
  const [penalty, setPenalty] = useState<number | null>(assignment && assignment.late_penalty_per_day > 0 ? assignment.late_penalty_per_day : 1);
  const [coefficient, setCoefficient] = useState<number | null>(assignment?.evaluation?.coefficient ?? evaluation?.coefficient ?? 1);
  const [attachments, setAttachments] = useState<string[]>(assignment?.attachments ?? []);
  const [newFiles, setNewFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const fileId = useId();

  const pickFiles = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const problems = checkUploads(files, attachments.length + newFiles.length, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES);
    setErrors((e) => ({ ...e, files: problems.map((p) => fill(m[p.key], { name: p.name })).join(" ") || undefined }));
    if (!problems.length) setNewFiles((f) => [...f, ...files]);
  };

  const submit = async () => {
    const parsed = assignmentFormSchema.safeParse({
      course_id: courseId ?? "",
      title,
      instructions,
      opens_at: opensAt,
      due_at: dueAt,
      late_policy: policy,
      late_penalty_per_day: policy === "penalty" ? penalty : 0,
      coefficient,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        next[key] ??= ((m as Record<string, unknown>)[issue.message] as string) ?? m.required;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const v = parsed.data;
      const uploaded: string[] = [];
      for (const file of newFiles) uploaded.push(await uploadAttachment(getSupabase(), v.course_id, id, file));
      await saveAssignment(getSupabase(), {
        id,
        course_id: v.course_id,
        title: v.title,
        instructions: v.instructions,
        opens_at: v.opens_at,
        due_at: v.due_at!,
        late_policy: v.late_policy,
        late_penalty_per_day: v.late_policy === "penalty" ? (v.late_penalty_per_day ?? 0) : 0,
        coefficient: v.coefficient ?? 1,
        attachments: [...attachments, ...uploaded],
        evaluation_id: assignment ? null : (evaluation?.id ?? null),
      });
      toastSuccess(assignment ? "updated" : "created");
      onSaved();
      onOpenChange(false);
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog title={assignment ? m.editTitle : m.createTitle} isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      {({ close }) => (
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Select
            label={m.course}
            options={courses.map((c) => ({ value: c.id, label: `${c.code} — ${c.title}` }))}
            value={courseId}
            onChange={setCourseId}
            errorMessage={errors.course_id}
            isDisabled={!!assignment || !!evaluation}
            isRequired
          />
          <TextField label={m.title} value={title} onChange={setTitle} maxLength={200} errorMessage={errors.title} isRequired />
          <TextArea label={m.instructions} value={instructions} onChange={setInstructions} rows={5} maxLength={20000} />
          <div className="grid gap-4 sm:grid-cols-2">
            <DatePicker label={m.opensAt} description={m.opensAtHint} withTime value={opensAt} onChange={setOpensAt} />
            <DatePicker label={m.dueAt} withTime value={dueAt} onChange={setDueAt} errorMessage={errors.due_at} isRequired />
          </div>
          <RadioGroup label={m.latePolicy} options={LATE_POLICIES.map((p) => ({ value: p, label: m.policies[p] }))} value={policy} onChange={(v) => setPolicy(v as LatePolicy)} />
          {policy === "penalty" && <NumberField label={m.penalty} value={penalty} onChange={setPenalty} minValue={0.25} maxValue={20} step={0.25} errorMessage={errors.late_penalty_per_day} />}
          <NumberField label={m.coefficient} value={coefficient} onChange={setCoefficient} minValue={0.25} maxValue={99} step={0.25} errorMessage={errors.coefficient} />
          <div>
            <label htmlFor={fileId} className={labelText}>
              {m.attachments}
            </label>
            <span id={`${fileId}-hint`} className={descriptionText}>
              {m.attachmentsHint}
            </span>
            <input
              id={fileId}
              type="file"
              multiple
              aria-describedby={`${fileId}-hint`}
              className={cx("mt-1 block w-full text-sm", focusRing)}
              accept={Object.keys(ACCEPTED_TYPES)
                .map((e) => `.${e}`)
                .join(",")}
              onChange={(e) => pickFiles(e.currentTarget.files)}
            />
            {errors.files && (
              <p role="alert" className={errorText}>
                {errors.files}
              </p>
            )}
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              {attachments.map((p) => (
                <li key={p} className="flex items-center gap-2">
                  {fileName(p)}
                  <Button variant="ghost" size="sm" aria-label={fill(m.remove, { name: fileName(p) })} onPress={() => setAttachments((a) => a.filter((x) => x !== p))}>
                    ×
                  </Button>
                </li>
              ))}
              {newFiles.map((f, i) => (
                <li key={`${f.name}-${i}`} className="flex items-center gap-2">
                  {f.name}
                  <Button variant="ghost" size="sm" aria-label={fill(m.remove, { name: f.name })} onPress={() => setNewFiles((a) => a.filter((_, j) => j !== i))}>
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          </div>
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {m.cancel}
            </Button>
            <Button type="submit" isPending={saving}>
              {m.save}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
