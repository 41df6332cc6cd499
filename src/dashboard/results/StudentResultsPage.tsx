// My marks and results (student): the current semester's published marks and course marks,
// then each deliberated semester by UE and course: averages /20, GPA /4, credits, mention,
// decision and what is missing. Only what is published reaches this page.
import { formatDate, formatMark } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { keepForOffline } from "../../lib/offline/prefetch.ts";
import { readThrough } from "../../lib/offline/read-through.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { usePeopleQuery } from "../ui/query.ts";
import { StatusPill, type Tone } from "../ui/Badge.tsx";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { useEffect, useState } from "react";
import { Button } from "../ui/Button.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchCurrentSemester, fetchMyResults, issueTranscript, type CurrentCourse, type SemesterResult } from "./data.ts";
import { resultsMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

const DECISION_TONES: Record<SemesterResult["decision"], Tone> = { validated: "success", resit: "warning", deferred: "danger", incomplete: "neutral" };
const th = "px-3 py-2 text-start font-semibold text-gray-900";
const td = "px-3 py-2 text-gray-900";

export default function StudentResultsPage(_: PageProps) {
  const m = useMessages(resultsMessages);
  const { userId } = useSignedIn();
  const results = usePeopleQuery(["results-mine", userId], () => fetchMyResults(getSupabase(), userId));
  const current = usePeopleQuery(["results-current", userId], () => fetchCurrentSemester(getSupabase()));
  const error = results.error ?? current.error;
  // With results: the PDF code (pdf-lib) is fetched once idle, so a relevé already
  // downloaded opens offline too.
  const hasResults = (results.data?.length ?? 0) > 0;
  useEffect(() => {
    if (hasResults) keepForOffline(() => import("./transcript-pdf.ts"));
  }, [hasResults]);
  return (
    <>
      <PageHeader title={m.title} description={m.description} />
      {error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            results.retry();
            current.retry();
          }}
        />
      ) : results.loading || current.loading ? (
        <Skeleton label={m.loading} blocks={2} />
      ) : (results.data?.length ?? 0) === 0 && !current.data?.courses.some((c) => c.marks.length > 0) ? (
        <EmptyState title={m.empty} />
      ) : (
        <div className="flex flex-col gap-6">
          {current.data && current.data.courses.length > 0 && <CurrentSemester data={current.data} />}
          {results.data?.map((r) => (
            <SemesterCard key={r.semester.id} result={r} />
          ))}
        </div>
      )}
    </>
  );
}

function mark(locale: "fr" | "en", value: number | null, empty: string) {
  return value === null ? empty : formatMark(locale, value);
}

function CurrentSemester({ data }: { data: NonNullable<Awaited<ReturnType<typeof fetchCurrentSemester>>> }) {
  const m = useMessages(resultsMessages);
  const locale = useLocale();
  const name = locale === "en" ? data.semester.name_en : data.semester.name_fr;
  return (
    <Card title={fill(m.current, { semester: name, year: data.semester.year?.label ?? "" })} description={m.currentHint} testId="results-current">
      <div className="flex flex-col gap-4">
        {data.courses.map((c) => (
          <CurrentCourseTable key={c.id} course={c} />
        ))}
      </div>
    </Card>
  );
}

function CurrentCourseTable({ course }: { course: CurrentCourse }) {
  const m = useMessages(resultsMessages);
  const locale = useLocale();
  return (
    <TableFrame>
      <table className="min-w-full text-sm">
        <caption className="py-1 text-start font-semibold text-gray-900">
          {course.code} — {course.title}
          {course.unit && <span className="font-normal text-gray-700"> · {course.unit.code}</span>}
        </caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className={th}>
              {m.evaluation}
            </th>
            <th scope="col" className={`${th} text-end`}>
              {m.mark}
            </th>
          </tr>
        </thead>
        <tbody>
          {course.marks.map((g) => (
            <tr key={g.id} className="border-t border-gray-200">
              <th scope="row" className={`${td} text-start font-normal`}>
                {g.title}
              </th>
              <td className={`${td} text-end tabular-nums`}>{g.status === "absent" ? m.absent : g.status === "excused" ? m.excused : mark(locale, g.score, m.noMark)}</td>
            </tr>
          ))}
          <tr className="border-t border-gray-300 bg-gray-50">
            <th scope="row" className={`${td} text-start font-semibold`}>
              {m.mark}
            </th>
            <td className={`${td} text-end font-semibold tabular-nums`}>
              {course.mark === null ? m.awaiting : formatMark(locale, course.mark)}
              {course.missing > 0 && <span className="block text-xs font-normal text-gray-700">{countOf(locale, m.missing, course.missing)}</span>}
            </td>
          </tr>
        </tbody>
      </table>
    </TableFrame>
  );
}

function SemesterCard({ result }: { result: SemesterResult }) {
  const m = useMessages(resultsMessages);
  const locale = useLocale();
  const name = `${locale === "en" ? result.semester.name_en : result.semester.name_fr} ${result.semester.year?.label ?? ""}`;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      // A relevé downloaded once is saved on the device: offline, the same relevé again.
      const doc = await readThrough(`results-transcript-${result.deliberationId}`, () => issueTranscript(getSupabase(), result.deliberationId));
      const { downloadTranscript } = await import("./transcript-pdf.ts");
      await downloadTranscript(doc as unknown as Parameters<typeof downloadTranscript>[0], locale);
    } catch (failure) {
      toastError(failure);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Card
      title={`${name} — ${m.session[result.session]}`}
      description={fill(m.published, { date: formatDate(locale, result.publishedAt) })}
      actions={
        <Button variant="secondary" isPending={downloading} onPress={() => void download()} aria-label={fill(m.downloadFor, { semester: name })}>
          {m.download}
        </Button>
      }
      testId="results-semester"
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure label={m.average} value={result.average === null ? m.noMark : `${formatMark(locale, result.average)} / 20`} />
        <Figure label={m.gpa} value={result.gpa === null ? m.noMark : `${formatMark(locale, result.gpa)} / 4`} />
        <Figure label={m.credits} value={fill(m.creditsValue, { earned: result.credits_earned, total: result.credits_total })} />
        <Figure label={m.mention} value={result.mention ? result.mention[locale] : m.noMention} />
        <div>
          <dt className="text-sm text-gray-700">{m.decision}</dt>
          <dd className="mt-1">
            <StatusPill tone={DECISION_TONES[result.decision]}>{m.decisions[result.decision]}</StatusPill>
          </dd>
        </div>
      </dl>
      <TableFrame>
        <table className="min-w-full text-sm">
          <caption className="sr-only">{name}</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className={th}>
                {m.course}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {m.coefficient}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {m.cc}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {m.exam}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {m.resit}
              </th>
              <th scope="col" className={`${th} text-end`}>
                {m.mark}
              </th>
            </tr>
          </thead>
          {result.units.map((u) => (
            <tbody key={u.unit_id} className="border-t-2 border-gray-300">
              <tr className="bg-brand-50">
                <th scope="rowgroup" colSpan={5} className={`${td} text-start`}>
                  <span className="font-semibold">
                    {u.code} — {locale === "en" ? u.title_en : u.title_fr}
                  </span>
                  <span className="text-gray-700"> · {fill(m.creditsOf, { credits: u.credits })}</span>
                  {u.letter && <span className="text-gray-700"> · {fill(m.grade, { letter: u.letter, points: formatMark(locale, u.points ?? 0) })}</span>}
                  <span className="ms-2">
                    <StatusPill tone={u.validated_by === "average" ? "success" : u.validated_by === "compensation" ? "info" : "danger"}>{m.validation[u.validated_by ?? "none"]}</StatusPill>
                  </span>
                </th>
                <td className={`${td} text-end font-semibold tabular-nums`}>{mark(locale, u.average, m.missingFrozen)}</td>
              </tr>
              {u.courses.map((c) => (
                <tr key={c.course_id} className="border-t border-gray-200">
                  <th scope="row" className={`${td} ps-6 text-start font-normal`}>
                    {c.code} — {c.title}
                  </th>
                  <td className={`${td} text-end tabular-nums`}>{formatMark(locale, c.coefficient).replace(/[.,]00$/, "")}</td>
                  <td className={`${td} text-end tabular-nums`}>{mark(locale, c.cc, m.noMark)}</td>
                  <td className={`${td} text-end tabular-nums`}>{mark(locale, c.exam, m.noMark)}</td>
                  <td className={`${td} text-end tabular-nums`}>{mark(locale, c.resit, m.noMark)}</td>
                  <td className={`${td} text-end font-semibold tabular-nums`}>{mark(locale, c.mark, m.missingFrozen)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableFrame>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-gray-900 tabular-nums">{value}</dd>
    </div>
  );
}
