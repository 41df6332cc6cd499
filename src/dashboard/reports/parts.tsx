// Pieces both report pages share: a figure, table cell styles, the CSV and PDF exports.
import { useState } from "react";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { downloadBlob, downloadText, toCsv } from "../ui/csv.ts";
import { toastError } from "../ui/toast.ts";
import { reportMessages } from "./messages.ts";
import type { PdfTable } from "./report-pdf.ts";

export const th = "px-3 py-2 text-start font-semibold text-gray-900";
export const td = "px-3 py-2 text-gray-900";

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
        downloadBlob(`${fileName}.pdf`, new Blob([await reportPdf(table) as BlobPart], { type: "application/pdf" }));
      }
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" isPending={busy === "csv"} onPress={() => void run("csv")}>{m.exportCsv}</Button>
      <Button size="sm" variant="secondary" isPending={busy === "pdf"} onPress={() => void run("pdf")}>{m.exportPdf}</Button>
    </div>
  );
}
