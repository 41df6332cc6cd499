// teacher/courses/new: propose a course (code, title, description, language, school,
// semester, credits); it waits for an admin's approval (course_proposals: the database
// accepts only pending proposals in the teacher's own name). My proposals with their status
// and any refusal reason; a pending one can be withdrawn.
import { useState } from "react";
import * as z from "zod/mini";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo } from "../paths.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";
import { Button, LinkButton } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { listProposals, proposalChoices, proposeCourse, withdrawProposal, type NewProposal } from "./data.ts";
import { proposalMessages } from "./proposal-messages.ts";
import { ProposalList } from "./ProposalList.tsx";

export const proposalSchema = z.object({
  code: z.string().check(z.regex(/^[A-Z0-9-]{2,20}$/)),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  description: z.string().check(z.maxLength(5000)),
  language: z.enum(["fr", "en"]),
  school_id: z.string().check(z.minLength(1)),
  semester_id: z.nullable(z.string()),
  credits: z.number().check(z.int(), z.minimum(1), z.maximum(30)),
});

export default function TeacherNewCoursePage() {
  const m = useMessages(proposalMessages);
  const locale = useLocale();
  const choices = useScheduleQuery(["proposal-choices"], () => proposalChoices(getSupabase()));
  const proposals = useScheduleQuery(["my-proposals"], () => listProposals(getSupabase()));
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [note, setNote] = useState("");
  return (
    <div className="space-y-6">
      <PageHeader title={useRouteTitle("teacher.courses.new")} description={m.intro} />
      {choices.error ? (
        <ErrorState error={choices.error} onRetry={choices.retry} />
      ) : !choices.data ? (
        <Skeleton blocks={1} />
      ) : (
        <ProposalForm
          schools={choices.data.schools.map((s) => ({ value: s.id, label: locale === "fr" ? s.name_fr : s.name_en }))}
          semesters={choices.data.semesters.map((s) => ({ value: s.id, label: locale === "fr" ? s.name_fr : s.name_en }))}
          onSent={() => {
            setNote(m.sent);
            proposals.retry();
          }}
        />
      )}
      <p role="status" className="text-sm font-semibold text-green-800">
        {note}
      </p>
      <Card title={m.mine}>
        {proposals.error ? (
          <ErrorState error={proposals.error} onRetry={proposals.retry} />
        ) : !proposals.data ? (
          <Skeleton lines={3} />
        ) : (
          <ProposalList
            proposals={proposals.data}
            actions={(p) =>
              p.status === "pending" ? (
                <Button size="sm" variant="ghost" onPress={() => setWithdrawing(p.id)}>
                  {m.withdraw}
                  <span className="sr-only"> : {p.code}</span>
                </Button>
              ) : p.course_id ? (
                <LinkButton size="sm" href={hrefTo(locale, "teacher.course", { courseId: p.course_id })}>
                  {m.openCourse}
                  <span className="sr-only"> : {p.code}</span>
                </LinkButton>
              ) : null
            }
          />
        )}
      </Card>
      <ConfirmDialog
        title={m.withdrawTitle}
        confirmLabel={m.withdraw}
        isOpen={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        onConfirm={async () => {
          await withdrawProposal(getSupabase(), withdrawing!);
          setNote(m.withdrawn);
          proposals.retry();
        }}
      >
        {m.withdrawBody}
      </ConfirmDialog>
    </div>
  );
}

type Option = { value: string; label: string };

function ProposalForm({ schools, semesters, onSent }: { schools: Option[]; semesters: Option[]; onSent: () => void }) {
  const m = useMessages(proposalMessages);
  const empty: NewProposal = { code: "", title: "", description: "", language: "fr", school_id: schools[0]?.value ?? "", semester_id: null, credits: 3 };
  const [form, setForm] = useState<NewProposal>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof NewProposal, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof NewProposal>(key: K, value: NewProposal[K]) => setForm((f) => ({ ...f, [key]: value }));
  const submit = async () => {
    const parsed = proposalSchema.safeParse({ ...form, code: form.code.trim().toUpperCase() });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof NewProposal;
        next[key] = key === "code" ? m.badCode : key === "credits" ? m.badCredits : key === "title" ? m.titleRequired : m.titleRequired;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await proposeCourse(getSupabase(), parsed.data);
      setForm(empty);
      onSent();
    } catch (error) {
      if ((error as { code?: string }).code === "23505") setErrors({ code: m.duplicate });
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={m.form} testId="proposal-form">
      <form
        className="grid gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label={m.code} description={m.codeHelp} value={form.code} onChange={(v) => set("code", v.toUpperCase())} errorMessage={errors.code} isRequired maxLength={20} />
        <TextField label={m.title} value={form.title} onChange={(v) => set("title", v)} errorMessage={errors.title} isRequired maxLength={200} />
        <TextArea label={m.description} value={form.description} onChange={(v) => set("description", v)} maxLength={5000} className="sm:col-span-2" />
        <Select label={m.school} options={schools} value={form.school_id} onChange={(v) => v && set("school_id", v)} isRequired />
        <Select
          label={m.semester}
          options={[{ value: "none", label: m.noSemester }, ...semesters]}
          value={form.semester_id ?? "none"}
          onChange={(v) => set("semester_id", v && v !== "none" ? v : null)}
        />
        <RadioGroup
          label={m.language}
          orientation="horizontal"
          value={form.language}
          onChange={(v) => set("language", v as "fr" | "en")}
          options={[
            { value: "fr", label: m.fr },
            { value: "en", label: m.en },
          ]}
        />
        <NumberField label={m.credits} value={form.credits} onChange={(v) => set("credits", v ?? 0)} minValue={1} maxValue={30} errorMessage={errors.credits} />
        <div className="sm:col-span-2">
          <Button type="submit" isPending={busy}>
            {m.submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
