// A report as a PDF: a title, a line of context and one table, paged. Loaded only when the
// user asks for it (pdf-lib stays out of the page's chunk).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

export interface PdfTable {
  title: string;
  subtitle: string;
  header: string[];
  rows: string[][];
  /** Relative column widths (default: equal). */
  widths?: number[];
}

// Helvetica draws WinAnsi only: narrow no-break spaces (Intl's French thousands) become spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ").replace(/[^\x20-\x7e\u00a0-\u00ff€—–’]/g, "?");

export async function reportPdf(table: PdfTable): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(plain(table.title));
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [841.89, 595.28]; // A4 landscape
  const margin = 36;
  const usable = width - 2 * margin;
  const weights = table.widths ?? table.header.map(() => 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const xs = weights.reduce<number[]>((acc, w, i) => [...acc, (acc[i] ?? margin) + (usable * w) / total], [margin]);
  const fit = (text: string, f: typeof font, size: number, max: number) => {
    let t = plain(text);
    while (t.length > 1 && f.widthOfTextAtSize(t, size) > max) t = t.slice(0, -2) + "…";
    return t;
  };
  let page = pdf.addPage([width, height]);
  let y = height - margin;
  const line = (cells: string[], f: typeof font) => {
    cells.forEach((c, i) => page.drawText(fit(c, f, 9, xs[i + 1] - xs[i] - 6), { x: xs[i], y, size: 9, font: f, color: rgb(0.1, 0.1, 0.15) }));
    y -= 14;
  };
  page.drawText(plain(table.title), { x: margin, y, size: 16, font: bold });
  y -= 20;
  page.drawText(plain(table.subtitle), { x: margin, y, size: 10, font, color: rgb(0.35, 0.35, 0.4) });
  y -= 24;
  line(table.header, bold);
  for (const row of table.rows) {
    if (y < margin) {
      page = pdf.addPage([width, height]);
      y = height - margin;
      line(table.header, bold);
    }
    line(row, font);
  }
  return pdf.save();
}
