// The teacher's reports, per course: how many students, the course average, pass and
// attendance rates, the distribution of averages (chart and table) and the students at
// risk; CSV and PDF exports. Computed by course_report() in SQL.
import { formatDate, formatDecimal, formatMark, formatNumber, formatPercent } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { BarChart } from "./BarChart.tsx";
import { fetchCourseReport, fetchTeacherCourses, type Course, type CourseReport } from "./data.ts";
import { ExportButtons, Figure, ReportChoice, td, th } from "./parts.tsx";
import { reportMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function TeacherReportsPage(_: PageProps) {
  const m = useMessages(reportMessages);
  const { userId } = useSignedIn();
  const courses = usePeopleQuery(["reports-courses", userId], () => fetchTeacherCourses(getSupabase(), userId));
  return (
    <>
      <PageHeader title={m.teacherTitle} description={m.teacherDescription} />
      <ReportChoice list={courses} label={m.course} empty={m.noCourse} first={(cs) => cs[0]} optionLabel={(c) => `${c.code} — ${c.title}`} menuClassName="max-w-md">
        {(course) => <CourseReportView course={course} />}
      </ReportChoice>
    </>
  );
}

function CourseReportView({ course }: { course: Course }) {
  const m = useMessages(reportMessages);
  const locale = useLocale();
  const report = usePeopleQuery(["reports-course", course.id], () => fetchCourseReport(getSupabase(), course.id));
  if (report.error) return <ErrorState error={report.error} onRetry={report.retry} />;
  if (report.loading || !report.data) return <Skeleton label={m.loading} blocks={2} />;
  const r = report.data;
  if (r.students === 0) return <EmptyState title={m.noStudents} headingLevel={2} />;
  const pct = (v: number | null) => (v === null ? m.none : formatPercent(locale, v));
  const bands = r.distribution.map((b) => fill(m.bandValue, { from: formatDecimal(locale, b.from), to: formatDecimal(locale, b.to) }));
  const table = toTable(m, locale, course, r);
  return (
    <div className="flex flex-col gap-4">
      <Card title={`${course.code} — ${course.title}`} actions={<ExportButtons fileName={`rapport-${course.code}`} table={table} />}>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label={m.students} value={formatNumber(locale, r.students)} />
          <Figure label={m.average} value={r.average === null ? m.none : `${formatMark(locale, r.average)} / 20`} />
          <Figure label={m.passRate} value={pct(r.pass_rate)} />
          <Figure label={m.attendance} value={pct(r.attendance_rate)} />
        </dl>
      </Card>
      <Card title={m.distribution}>
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <BarChart
            label={fill(m.distributionChart, { marked: formatNumber(locale, r.marked), students: formatNumber(locale, r.students) })}
            labels={r.distribution.map((b) => formatDecimal(locale, b.from))}
            values={r.distribution.map((b) => b.count)}
            integers
            testId="distribution-chart"
          />
          <table className="text-sm" data-testid="distribution-table">
            <caption className="sr-only">{m.distribution}</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className={th}>
                  {m.band}
                </th>
                <th scope="col" className={`${th} text-end`}>
                  {m.count}
                </th>
              </tr>
            </thead>
            <tbody>
              {r.distribution.map((b, i) => (
                <tr key={b.from} className="border-t border-gray-200">
                  <th scope="row" className={`${td} font-normal`}>
                    {bands[i]}
                  </th>
                  <td className={`${td} text-end tabular-nums`}>{b.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card title={m.atRisk} description={fill(m.atRiskHint, { pass: formatMark(locale, r.pass_mark) })}>
        {r.at_risk.length === 0 ? (
          <p className="text-gray-800">{m.atRiskNone}</p>
        ) : (
          <TableFrame>
            <table className="min-w-full text-sm" data-testid="at-risk-table">
              <caption className="sr-only">{m.atRisk}</caption>
              <thead className="bg-gray-50">
                <tr>
                  <th scope="col" className={th}>
                    {m.name}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {m.average}
                  </th>
                  <th scope="col" className={`${th} text-end`}>
                    {m.absences}
                  </th>
                  <th scope="col" className={th}>
                    {m.reason}
                  </th>
                </tr>
              </thead>
              <tbody>
                {r.at_risk.map((s) => (
                  <tr key={s.student_id} className="border-t border-gray-200">
                    <th scope="row" className={`${td} font-normal`}>
                      {s.full_name}
                    </th>
                    <td className={`${td} text-end tabular-nums`}>{s.average === null ? m.none : formatMark(locale, s.average)}</td>
                    <td className={`${td} text-end tabular-nums`}>{s.absences}</td>
                    <td className={td}>{[s.below_pass && m.reasons.below, s.often_absent && m.reasons.absent].filter(Boolean).join(", ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </Card>
    </div>
  );
}

/** One table for both exports: the figures, the bands, then the students at risk. */
function toTable(m: ReturnType<typeof useMessages<typeof reportMessages.fr>>, locale: "fr" | "en", course: Course, r: CourseReport) {
  const pct = (v: number | null) => (v === null ? "" : formatPercent(locale, v));
  const rows: string[][] = [
    [m.students, String(r.students), ""],
    [m.average, r.average === null ? "" : formatMark(locale, r.average), ""],
    [m.passRate, pct(r.pass_rate), ""],
    [m.attendance, pct(r.attendance_rate), ""],
    ...r.distribution.map((b) => [`${m.distribution} ${fill(m.bandValue, { from: formatDecimal(locale, b.from), to: formatDecimal(locale, b.to) })}`, String(b.count), ""]),
    ...r.at_risk.map((s) => [`${m.atRisk}: ${s.full_name}`, s.average === null ? "" : formatMark(locale, s.average), `${m.absences}: ${s.absences}`]),
  ];
  return { title: `${m.teacherTitle} — ${course.code} ${course.title}`, subtitle: formatDate(locale, new Date()), header: [m.indicator, m.value, m.detail], rows, widths: [3, 1, 1] };
}
