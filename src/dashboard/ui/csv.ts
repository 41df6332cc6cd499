// CSV export of a table: the header row, then every row (all pages, fetched by the caller).
// A byte-order mark makes Excel read UTF-8 (é, ç); French Excel expects ";" between fields;
// text cells starting with = + - @, a tab or a carriage return get a leading ' (and quotes)
// so a spreadsheet never runs them as formulas.
import { downloadBlob } from "../../lib/download.ts";

export type CsvValue = string | number | boolean | null | undefined;

// Papa's own test (escapeFormulae: true) is /^[=+\-@\t\r].*$/, whose `.` stops at a line
// break: "=HYPERLINK(…)\n" went out live. Only the first character matters.
const FORMULA_START = /^[=+\-@\t\r]/;

export async function toCsv(header: string[], rows: CsvValue[][], delimiter: "," | ";" = ";"): Promise<string> {
  // papaparse loads only when someone exports: it stays out of the page's chunk.
  const { default: Papa } = await import("papaparse");
  return "\uFEFF" + Papa.unparse({ fields: header, data: rows.map((row) => row.map((v) => (v === null || v === undefined ? "" : v))) }, { delimiter, newline: "\r\n", escapeFormulae: FORMULA_START });
}

export function downloadText(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
