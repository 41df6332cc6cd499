// One question of the quiz builder: type, prompt, points, then choices with the right ones
// ticked (single, multiple, true/false), accepted answers (short) or a value and a tolerance
// (numeric). Checked with questionSchema before it is saved.
import { useState, type FormEvent } from "react";
import { QUESTION_KINDS, questionSchema, type QuestionForm, type QuestionKind } from "../../lib/forms/evaluation.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { cx, errorText, inputBox, labelText } from "../ui/styles.ts";
import type { Question } from "./data.ts";
import { Field, fieldErrors } from "./fields.tsx";
import { quizMessages } from "./messages.ts";

const TRUE_FALSE = (m: { true: string; false: string }) => [
  { id: "true", label: m.true, correct: false },
  { id: "false", label: m.false, correct: false },
];

export function formOf(q: Question | undefined): QuestionForm {
  if (!q)
    return {
      kind: "single",
      prompt: "",
      points: 1,
      choices: [
        { id: "a", label: "", correct: false },
        { id: "b", label: "", correct: false },
      ],
      answer: "",
      tolerance: 0,
    };
  const correct = (q.key?.correct ?? []).map(String);
  return {
    kind: q.kind,
    prompt: q.prompt,
    points: q.points,
    choices: q.choices.map((c) => ({ ...c, correct: correct.includes(c.id) })),
    answer: q.kind === "short" ? correct.join("\n") : q.kind === "numeric" ? (correct[0] ?? "") : "",
    tolerance: q.key?.tolerance ?? 0,
  };
}

export function QuestionEditor({ initial, title, onSave, onCancel }: { initial: QuestionForm; title: string; onSave: (q: QuestionForm) => Promise<void>; onCancel?: () => void }) {
  const all = useMessages(quizMessages);
  const m = all.builder;
  const [q, setQ] = useState<QuestionForm & { pointsText: string; toleranceText: string }>({ ...initial, pointsText: String(initial.points), toleranceText: String(initial.tolerance) });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const tf = TRUE_FALSE({ true: all.questionKinds.true_false.split(" / ")[0], false: all.questionKinds.true_false.split(" / ")[1] });
  const error = (name: string) => (errors[name] ? (all.errors[errors[name]] ?? errors[name]) : undefined);

  const setKind = (kind: QuestionKind) =>
    setQ({ ...q, kind, choices: kind === "true_false" ? tf : kind === "short" || kind === "numeric" ? [] : q.choices.length >= 2 && q.kind !== "true_false" ? q.choices : formOf(undefined).choices });
  const setChoice = (i: number, patch: Partial<QuestionForm["choices"][number]>) =>
    setQ({ ...q, choices: q.choices.map((c, j) => (j === i ? { ...c, ...patch } : q.kind !== "multiple" && patch.correct ? { ...c, correct: false } : c)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = (v: string) => (v.trim() === "" ? Number.NaN : Number(v.replace(",", ".")));
    const parsed = questionSchema.safeParse({ ...q, points: number(q.pointsText), tolerance: q.kind === "numeric" ? number(q.toleranceText) : 0 });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSave(parsed.data);
    } catch (failure) {
      setErrors({ form: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-md border border-gray-300 p-4" aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      <Field label={m.questionKind}>
        {(p) => (
          <select {...p} value={q.kind} onChange={(e) => setKind(e.currentTarget.value as QuestionKind)}>
            {QUESTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {all.questionKinds[k]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.prompt} error={error("prompt")}>
        {(p) => <textarea {...p} rows={2} value={q.prompt} onChange={(e) => setQ({ ...q, prompt: e.currentTarget.value })} />}
      </Field>
      <Field label={m.points} error={error("points")}>
        {(p) => <input {...p} inputMode="decimal" value={q.pointsText} onChange={(e) => setQ({ ...q, pointsText: e.currentTarget.value })} />}
      </Field>
      {(q.kind === "single" || q.kind === "multiple" || q.kind === "true_false") && (
        <fieldset className="flex flex-col gap-2" aria-describedby={errors.choices ? "choices-error" : undefined}>
          <legend className={labelText}>{m.choices}</legend>
          {q.choices.map((c, i) => (
            <div key={c.id} className="flex items-center gap-2">
              <input
                type={q.kind === "multiple" ? "checkbox" : "radio"}
                name="correct"
                className="h-5 w-5"
                checked={c.correct}
                onChange={(e) => setChoice(i, { correct: e.currentTarget.checked })}
                aria-label={fill(m.correct, { n: i + 1 })}
              />
              {q.kind === "true_false" ? (
                <span>{c.label}</span>
              ) : (
                <input className={cx(inputBox, "min-h-11 flex-1")} aria-label={fill(m.choice, { n: i + 1 })} value={c.label} onChange={(e) => setChoice(i, { label: e.currentTarget.value })} />
              )}
              {q.kind !== "true_false" && q.choices.length > 2 && (
                <Button size="sm" variant="ghost" onPress={() => setQ({ ...q, choices: q.choices.filter((_, j) => j !== i) })} aria-label={fill(m.removeChoice, { n: i + 1 })}>
                  ✕
                </Button>
              )}
            </div>
          ))}
          {q.kind !== "true_false" && q.choices.length < 20 && (
            <div>
              <Button size="sm" variant="secondary" onPress={() => setQ({ ...q, choices: [...q.choices, { id: nextId(q.choices), label: "", correct: false }] })}>
                {m.addChoice}
              </Button>
            </div>
          )}
          {errors.choices && (
            <span id="choices-error" className={errorText}>
              {error("choices")}
            </span>
          )}
        </fieldset>
      )}
      {q.kind === "short" && (
        <Field label={m.accepted} error={error("answer")}>
          {(p) => <textarea {...p} rows={3} value={q.answer} onChange={(e) => setQ({ ...q, answer: e.currentTarget.value })} />}
        </Field>
      )}
      {q.kind === "numeric" && (
        <>
          <Field label={m.value} error={error("answer")}>
            {(p) => <input {...p} inputMode="decimal" value={q.answer} onChange={(e) => setQ({ ...q, answer: e.currentTarget.value })} />}
          </Field>
          <Field label={m.tolerance} error={error("tolerance")}>
            {(p) => <input {...p} inputMode="decimal" value={q.toleranceText} onChange={(e) => setQ({ ...q, toleranceText: e.currentTarget.value })} />}
          </Field>
        </>
      )}
      {errors.form && (
        <p role="alert" className={errorText}>
          {errors.form}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" isPending={pending}>
          {m.saveQuestion}
        </Button>
        {onCancel && (
          <Button variant="ghost" onPress={onCancel}>
            {m.cancel}
          </Button>
        )}
      </div>
    </form>
  );
}

function nextId(choices: { id: string }[]): string {
  for (const letter of "abcdefghijklmnopqrstuvwxyz") if (!choices.some((c) => c.id === letter)) return letter;
  return crypto.randomUUID().slice(0, 8);
}
