// teacher/evaluations/new: an evaluation of one of my courses (zod here, constraints and RLS
// in the database). A quiz opens the quiz builder; the other kinds go back to the list.
// Defaults are what a teacher usually writes: a continuous assessment (CC) of coefficient 1,
// in the only course when there is one. After a first attempt, each change re-checks the
// form, so "Choisissez un cours" goes as soon as a course is chosen.
import { useEffect, useState, type FormEvent } from "react";
import { decimalInput, EVALUATION_KINDS, evaluationSchema } from "../../lib/forms/evaluation.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { hrefTo } from "../paths.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { invalidatePeople, usePeopleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { errorText } from "../ui/styles.ts";
import { useErrorMessage } from "../ui/toast.ts";
import { createEvaluation, fetchMyCourses } from "./data.ts";
import { Field, fieldErrors, openInApp } from "./fields.tsx";
import { quizMessages } from "./messages.ts";

export default function NewEvaluationPage(_: PageProps) {
  const all = useMessages(quizMessages);
  const m = all.create;
  const locale = useLocale();
  const { userId } = useSignedIn();
  const errorMessage = useErrorMessage();
  const courses = usePeopleQuery(["quiz-courses", userId], () => fetchMyCourses(getSupabase(), userId));
  const [values, setValues] = useState({ course: "", title: "", kind: "continuous", coefficient: "1", held_on: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [pending, setPending] = useState(false);
  const check = (next: typeof values) => evaluationSchema.safeParse({ ...next, coefficient: decimalInput(next.coefficient) });
  const set = (name: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const next = { ...values, [name]: e.currentTarget.value };
    setValues(next);
    if (attempted) {
      const parsed = check(next);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    }
  };
  const only = courses.data?.length === 1 ? courses.data[0].id : null;
  useEffect(() => {
    if (only) setValues((v) => (v.course ? v : { ...v, course: only }));
  }, [only]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const parsed = check(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const created = await createEvaluation(getSupabase(), parsed.data);
      invalidatePeople();
      showToast({ title: m.created, variant: "success" });
      openInApp(created.quiz_id ? hrefTo(locale, "teacher.evaluations.quiz", { evaluationId: created.evaluation_id }) : hrefTo(locale, "teacher.evaluations"));
    } catch (failure) {
      setErrors({ form: errorMessage(failure) });
    } finally {
      setPending(false);
    }
  };
  const error = (name: string) => (errors[name] ? (all.errors[errors[name]] ?? errors[name]) : undefined);

  return (
    <>
      <PageHeader title={m.title} />
      {courses.error ? (
        <ErrorState error={courses.error} onRetry={courses.retry} />
      ) : !courses.data ? (
        <Skeleton label={all.builder.loading} />
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="flex max-w-xl flex-col gap-4">
          <Field label={m.course} error={error("course")}>
            {(p) => (
              <select {...p} value={values.course} onChange={set("course")}>
                <option value="">{m.choose}</option>
                {courses.data!.map((c) => (
                  <option key={c.id} value={c.id}>{`${c.code} — ${c.title}`}</option>
                ))}
              </select>
            )}
          </Field>
          <Field label={m.name} error={error("title")}>
            {(p) => <input {...p} value={values.title} onChange={set("title")} maxLength={200} />}
          </Field>
          <Field label={m.kind} error={error("kind")}>
            {(p) => (
              <select {...p} value={values.kind} onChange={set("kind")}>
                {EVALUATION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {all.kinds[k]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {values.kind === "quiz" && <p className="text-sm text-gray-700">{m.quizHint}</p>}
          <Field label={m.coefficient} error={error("coefficient")}>
            {(p) => <input {...p} inputMode="decimal" value={values.coefficient} onChange={set("coefficient")} />}
          </Field>
          <Field label={m.date} error={error("held_on")}>
            {(p) => <input {...p} type="date" value={values.held_on} onChange={set("held_on")} />}
          </Field>
          {errors.form && (
            <p role="alert" className={errorText}>
              {errors.form}
            </p>
          )}
          <div>
            <Button type="submit" isPending={pending}>
              {m.submit}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
