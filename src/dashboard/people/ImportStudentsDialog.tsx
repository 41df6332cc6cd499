// CSV import of students: read the file in the browser (papaparse, loaded with the dialog),
// a dry run on the server that reports each row's errors, then the import of the valid rows
// (accounts, student role, registration for the current academic year).
import { useId, useState } from "react";
import { MAX_IMPORT_ROWS } from "../../lib/people/import-limits.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatNumber } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { downloadText } from "../ui/csv.ts";
import { defaultQuery, pageRange, type TableQuery } from "../ui/table-query.ts";
import { cx, errorText, focusRing, labelText } from "../ui/styles.ts";
import { importStudents, type ImportReport } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidatePeople } from "../ui/query.ts";

const TEMPLATE = "full_name,email,phone,programme,level,matricule\r\nAwa Ngono,awa.ngono@example.cm,+237 690000000,software-engineering,L1,\r\n";
type ReportRow = ImportReport["rows"][number];

export default function ImportStudentsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  const m = useMessages(peopleMessages);
  const t = m.users.import;
  const locale = useLocale();
  const refusal = useRefusalText();
  const fileId = useId();
  const [records, setRecords] = useState<Record<string, unknown>[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<"check" | "import" | null>(null);
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery({ pageSize: 10 }));

  const reset = () => {
    setRecords(null);
    setProblem(null);
    setReport(null);
    setQuery(defaultQuery({ pageSize: 10 }));
  };

  const readFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const { default: Papa } = await import("papaparse");
    const parsed = Papa.parse<Record<string, unknown>>(await file.text(), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
    const fatal = parsed.errors.find((e) => e.type === "Delimiter" || e.type === "Quotes");
    if (fatal) return setProblem(fill(t.parseError, { detail: fatal.message }));
    if (parsed.data.length === 0) return setProblem(t.emptyFile);
    if (parsed.data.length > MAX_IMPORT_ROWS) return setProblem(fill(t.tooMany, { count: parsed.data.length, max: MAX_IMPORT_ROWS }));
    setRecords(parsed.data);
  };

  const send = async (dryRun: boolean) => {
    if (!records) return;
    setBusy(dryRun ? "check" : "import");
    setProblem(null);
    try {
      const result = await importStudents(getSupabase(), records, dryRun);
      setReport(result);
      setQuery(defaultQuery({ pageSize: 10 }));
      if (!dryRun) {
        showToast({ title: countOf(locale, t.done, result.created.length), variant: "success" });
        invalidatePeople();
      }
    } catch (error) {
      setProblem(refusal(error));
    } finally {
      setBusy(null);
    }
  };

  const errorsText = (row: ReportRow) => (row.errors.length === 0 ? t.ok : row.errors.map((e) => `${t.field[e.field]} : ${t.codes[e.code] ?? e.code}`).join(" ; "));
  const columns: DataColumn<ReportRow>[] = [
    { id: "line", header: t.line, cell: (r) => r.line },
    { id: "name", header: t.name, cell: (r) => r.full_name || "—" },
    {
      id: "errors",
      header: t.problems,
      cell: (r) => <span className={r.errors.length ? "font-medium text-red-800" : "text-brand-900"}>{errorsText(r)}</span>,
      csv: errorsText,
    },
  ];
  const [from, to] = pageRange(query);
  const created = report && !report.dry_run ? report.created.length : 0;

  return (
    <Dialog title={t.title} size="lg" isOpen={isOpen} onOpenChange={(open) => (open ? onOpenChange(true) : (reset(), onOpenChange(false)))}>
      {({ close }) => (
        <div className="flex flex-col gap-4">
          <p className="text-gray-800">{t.intro}</p>
          <div>
            <Button variant="ghost" size="sm" onPress={() => downloadText("modele-import-etudiants.csv", TEMPLATE)}>
              {t.template}
            </Button>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={fileId} className={labelText}>
              {t.file}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className={cx("block w-full rounded-md border border-gray-500 bg-white p-2 text-sm", focusRing)}
              onChange={(event) => void readFile(event.currentTarget.files?.[0])}
            />
          </div>
          {problem && (
            <p role="alert" className={errorText}>
              {problem}
            </p>
          )}
          {report && (
            <div data-testid="import-report">
              <h3 className="mb-2 font-semibold text-gray-900">{t.report}</h3>
              <p role="status" className="mb-2 text-gray-800">
                {report.dry_run ? fill(t.summary, { valid: formatNumber(locale, report.valid), total: formatNumber(locale, report.rows.length) }) : countOf(locale, t.done, created)}
              </p>
              <DataTable
                caption={t.report}
                captionHidden
                columns={columns}
                rows={report.rows.slice(from, to + 1)}
                total={report.rows.length}
                query={query}
                onQueryChange={setQuery}
                getRowId={(r) => String(r.line)}
              />
            </div>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={close}>
              {m.close}
            </Button>
            <Button variant="secondary" isDisabled={!records || busy !== null} isPending={busy === "check"} onPress={() => void send(true)}>
              {busy === "check" ? t.checking : t.dryRun}
            </Button>
            {report?.dry_run && report.valid > 0 && (
              <Button isPending={busy === "import"} isDisabled={busy !== null} onPress={() => void send(false)}>
                {busy === "import" ? t.running : countOf(locale, t.run, report.valid)}
              </Button>
            )}
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}
