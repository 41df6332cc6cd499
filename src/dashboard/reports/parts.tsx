// Pieces both report pages share: the choice of what to report on, a figure, table cell
// styles, the CSV and PDF exports.
import { useState, type ReactNode } from "react";
import { downloadPdf } from "../../lib/download.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { downloadText, toCsv } from "../ui/csv.ts";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import type { QueryState } from "../ui/query.ts";
import { Select } from "../ui/Select.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { reportMessages } from "./messages.ts";
import type { PdfTable } from "./report-pdf.ts";

export const th = "px-3 py-2 text-start font-semibold text-gray-900";
export const td = "px-3 py-2 text-gray-900";

/**
 * A report page's body: the list to choose from (loading, failed or empty), the menu that
 * chooses (on `first` until the user picks), and the chosen one's report.
 */
export function ReportChoice<T extends { id: string }>({
  list,
  label,
  empty,
  first,
  optionLabel,
  menuClassName,
  children,
}: {
  list: QueryState<T[]>;
  label: string;
  /** The empty state's title when there is nothing to choose. */
  empty: string;
  first: (items: T[]) => T | undefined;
  optionLabel: (item: T) => string;
  menuClassName: string;
  children: (item: T) => ReactNode;
}) {
  const m = useMessages(reportMessages);
  const [chosen, setChosen] = useState<string | null>(null);
  const items = list.data;
  const item = items && (items.find((i) => i.id === chosen) ?? first(items));
  if (list.error) return <ErrorState error={list.error} onRetry={list.retry} />;
  if (!items) return <Skeleton label={m.loading} blocks={2} />;
  if (!item) return <EmptyState title={empty} />;
  return (
    <div className="flex flex-col gap-4">
      <div className={menuClassName}>
        <Select label={label} options={items.map((i) => ({ value: i.id, label: optionLabel(i) }))} value={item.id} onChange={(v) => v && setChosen(v)} />
      </div>
      {children(item)}
    </div>
  );
}

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold text-brand-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function ExportButtons({ fileName, table }: { fileName: string; table: PdfTable }) {
  const m = useMessages(reportMessages);
  const [busy, setBusy] = useState<"csv" | "pdf" | null>(null);
  const run = async (kind: "csv" | "pdf") => {
    setBusy(kind);
    try {
      if (kind === "csv") downloadText(`${fileName}.csv`, await toCsv(table.header, table.rows));
      else {
        const { reportPdf } = await import("./report-pdf.ts");
        downloadPdf(await reportPdf(table), `${fileName}.pdf`);
      }
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" isPending={busy === "csv"} onPress={() => void run("csv")}>
        {m.exportCsv}
      </Button>
      <Button size="sm" variant="secondary" isPending={busy === "pdf"} onPress={() => void run("pdf")}>
        {m.exportPdf}
      </Button>
    </div>
  );
}
