// student/courses, section "Cours partenaires (Harvard Online)": the partner courses taking
// requests (with the seats left) and those the student asked for, its request's status
// (and the reason of a rejection), asking for a seat with a short motivation, withdrawing.
// Loaded lazily by the courses page.
import { lazy, Suspense, useState } from "react";
import { doualaDay, formatDate } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { isOpen, listMyRequests, listPartnerCourses, withdrawRequest, type MyRequest, type PartnerCourse } from "./data.ts";
import { partnersMessages } from "./messages.ts";

const RequestDialog = lazy(() => import("./RequestDialog.tsx"));

const TONES: Record<MyRequest["status"], Tone> = { requested: "info", approved: "success", waitlisted: "warning", rejected: "danger", withdrawn: "neutral" };

export default function StudentPartnerCourses() {
  const m = useMessages(partnersMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const data = useScheduleQuery(["partner-student", userId], async () => {
    const supabase = getSupabase();
    const [courses, requests] = await Promise.all([listPartnerCourses(supabase), listMyRequests(supabase)]);
    return { courses, requests };
  });
  const [asking, setAsking] = useState<PartnerCourse | null>(null);
  // The request whose withdrawal is being confirmed.
  const [withdrawing, setWithdrawing] = useState<{ id: string; title: string } | null>(null);
  const [note, setNote] = useState("");
  const today = doualaDay(new Date());
  const day = (d: string) => formatDate(locale, `${d}T12:00:00Z`);
  const requestOf = (courseId: string) => data.data?.requests.find((r) => r.partner_course_id === courseId);
  const shown = (data.data?.courses ?? []).filter((c) => requestOf(c.id) || isOpen(c, today));
  return (
    <section aria-labelledby="partner-courses-heading" className="mt-10" data-testid="student-partner-courses">
      <h2 id="partner-courses-heading" className="text-xl font-bold text-brand-900">
        {m.studentTitle}
      </h2>
      <p className="mt-1 max-w-3xl text-gray-700">{m.studentIntro}</p>
      <p role="status" className="mt-2 text-sm font-semibold text-green-800">
        {note}
      </p>
      {data.error ? (
        <ErrorState error={data.error} onRetry={data.retry} />
      ) : !data.data ? (
        <Skeleton blocks={2} />
      ) : shown.length === 0 ? (
        <p className="mt-3 text-gray-700">{m.studentEmpty}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {shown.map((c) => {
            const mine = requestOf(c.id);
            const left = Math.max(0, c.seats - c.approved);
            return (
              <li key={c.id} className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" aria-label={c.title}>
                <p className="text-sm font-semibold text-gray-700">
                  {c.partner} · {c.code} · {m.languages[c.language]}
                </p>
                <h3 className="text-base font-semibold text-gray-900">{c.title}</h3>
                {c.description && <p className="text-sm text-gray-700">{c.description}</p>}
                <p className="text-sm text-gray-700">{fill(m.dates, { start: day(c.starts_on), end: day(c.ends_on) })}</p>
                <p className="text-sm font-medium text-gray-900">{left > 0 ? countOf(locale, m.seatsLeft, left) : m.noSeatLeft}</p>
                <a href={c.url} target="_blank" rel="noopener noreferrer external" className="text-sm text-brand-800 underline">
                  {m.visit} <span className="sr-only">{m.newTab}</span>
                </a>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  {mine ? (
                    <>
                      <Badge tone={TONES[mine.status]}>{fill(m.myStatus, { status: m.statuses[mine.status] })}</Badge>
                      {mine.rejection_reason && <span className="text-sm text-gray-800">{fill(m.reason, { reason: mine.rejection_reason })}</span>}
                      {(mine.status === "requested" || mine.status === "waitlisted" || mine.status === "approved") && (
                        <Button size="sm" variant="secondary" onPress={() => setWithdrawing({ id: mine.id, title: c.title })}>
                          {m.withdraw}
                          <span className="sr-only"> : {c.title}</span>
                        </Button>
                      )}
                    </>
                  ) : (
                    <Button size="sm" onPress={() => setAsking(c)}>
                      {m.request}
                      <span className="sr-only"> : {c.title}</span>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        title={m.withdrawTitle}
        confirmLabel={m.withdraw}
        isOpen={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        onConfirm={async () => {
          try {
            await withdrawRequest(getSupabase(), withdrawing!.id);
            setNote(m.withdrawn);
          } catch (error) {
            toastError(error);
          }
          data.retry();
        }}
      >
        {withdrawing && fill(m.withdrawBody, { title: withdrawing.title })}
      </ConfirmDialog>
      {asking && (
        <Suspense fallback={<DialogLoading />}>
          <RequestDialog
            course={asking}
            onClose={() => setAsking(null)}
            onSent={() => {
              setAsking(null);
              setNote(m.sent);
              data.retry();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
