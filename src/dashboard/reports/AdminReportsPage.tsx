// The institution's reports for an academic year, per school, programme and level:
// enrolment, pass rate and credits earned of the deliberated semesters, attendance and
// revenue collected; two charts with the full table beside them; CSV and PDF exports.
// Computed by institution_report() in SQL (admins only).
import { formatDate, formatNumber, formatPercent, formatXaf } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { usePeopleQuery } from "../ui/query.ts";
import type { PageProps } from "../paths.ts";
import { Card } from "../ui/Card.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { BarChart } from "./BarChart.tsx";
import { fetchInstitutionReport, fetchYears, type AcademicYear, type InstitutionRow } from "./data.ts";
import { reportMessages } from "./messages.ts";
import { ExportButtons, Figure, ReportChoice, td, th } from "./parts.tsx";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function AdminReportsPage(_: PageProps) {
  const m = useMessages(reportMessages);
  const years = usePeopleQuery(["reports-years"], () => fetchYears(getSupabase()));
  return (
    <>
      <PageHeader title={m.adminTitle} description={m.adminDescription} />
      <ReportChoice list={years} label={m.year} empty={m.noRows} first={(ys) => ys.find((y) => y.is_current) ?? ys[0]} optionLabel={(y) => y.label} menuClassName="max-w-xs">
        {(year) => <YearReport year={year} />}
      </ReportChoice>
    </>
  );
}

function YearReport({ year }: { year: AcademicYear }) {
  const m = useMessages(reportMessages);
  const locale = useLocale();
  const report = usePeopleQuery(["reports-institution", year.id], () => fetchInstitutionReport(getSupabase(), year.id));
  if (report.error) return <ErrorState error={report.error} onRetry={report.retry} />;
  if (report.loading || !report.data) return <Skeleton label={m.loading} blocks={2} />;
  const rows = report.data;
  if (rows.length === 0) return <EmptyState title={m.noRows} headingLevel={2} />;
  const name = (r: InstitutionRow) => `${(locale === "en" ? r.programme_en : r.programme_fr) ?? ""} ${r.level_code ?? ""}`.trim();
  const pct = (v: number | null) => (v === null ? m.none : formatPercent(locale, v));
  const sum = (f: (r: InstitutionRow) => number) => rows.reduce((a, r) => a + f(r), 0);
  const results = sum((r) => r.results);
  const header = [m.school, m.programme, m.level, m.enrolled, m.deliberated, m.passRate, m.credits, m.attendance, m.revenue];
  const cells = (r: InstitutionRow) => [
    locale === "en" ? r.school_en : r.school_fr,
    (locale === "en" ? r.programme_en : r.programme_fr) ?? m.none,
    r.level_code ?? m.noLevel,
    formatNumber(locale, r.enrolled),
    formatNumber(locale, r.results),
    pct(r.pass_rate),
    formatNumber(locale, r.credits_earned),
    pct(r.attendance_rate),
    formatXaf(locale, r.revenue_xaf),
  ];
  const table = { title: `${m.adminTitle} — ${year.label}`, subtitle: formatDate(locale, new Date()), header, rows: rows.map(cells), widths: [3, 3, 1, 1, 1.3, 1.2, 1.2, 1.2, 2] };
  return (
    <div className="flex flex-col gap-4">
      {/* Not the year again: right under the year menu, a second "2026-2027" read as a duplicate entry. */}
      <Card title={m.keyFigures} actions={<ExportButtons fileName={`rapport-${year.label}`} table={table} />}>
        {/* Columns of at least 12rem: the year's revenue (an amount that cannot wrap) fits. */}
        <dl className="grid grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] gap-3">
          <Figure
            label={m.enrolled}
            value={formatNumber(
              locale,
              sum((r) => r.enrolled),
            )}
          />
          <Figure label={m.passRate} value={results ? formatPercent(locale, sum((r) => r.validated) / results) : m.none} />
          <Figure
            label={m.credits}
            value={formatNumber(
              locale,
              sum((r) => r.credits_earned),
            )}
          />
          <Figure
            label={m.revenue}
            value={formatXaf(
              locale,
              sum((r) => r.revenue_xaf),
            )}
          />
        </dl>
      </Card>
      <Card title={m.byGroup}>
        <div className="grid gap-6 lg:grid-cols-2">
          <div>
            <h3 className="mb-2 font-semibold text-gray-900">{m.enrolment}</h3>
            <BarChart label={m.enrolmentChart} labels={rows.map(name)} values={rows.map((r) => r.enrolled)} integers testId="enrolment-chart" />
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-gray-900">{m.passRate}</h3>
            <BarChart label={m.passChart} labels={rows.map(name)} values={rows.map((r) => Math.round((r.pass_rate ?? 0) * 1000) / 10)} high={100} testId="pass-chart" />
          </div>
        </div>
        <TableFrame className="mt-4">
          <table className="min-w-full text-sm" data-testid="institution-table">
            <caption className="sr-only">{m.byGroup}</caption>
            <thead className="bg-gray-50">
              <tr>
                {header.map((h, i) => (
                  <th key={h} scope="col" className={i > 2 ? `${th} text-end` : th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.school_id}-${r.programme_fr}-${r.level_code}`} className="border-t border-gray-200">
                  {cells(r).map((c, i) =>
                    i === 1 ? (
                      <th key={i} scope="row" className={`${td} font-normal`}>
                        {c}
                      </th>
                    ) : (
                      <td key={i} className={i > 2 ? `${td} text-end tabular-nums` : td}>
                        {c}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </Card>
    </div>
  );
}
