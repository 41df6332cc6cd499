// The one A4 page writer of the verifiable documents (relevé, certificate of enrolment,
// receipt): Helvetica regular and bold, a cursor that moves down the page and opens a new
// page when it reaches the bottom margin, text without the narrow no-break spaces that the
// standard fonts cannot draw, the institution's letterhead and the QR code block. Loaded
// with pdf-lib and qrcode only when someone downloads a document (src/lib/download.ts saves it).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import QRCode from "qrcode";

export const INK = rgb(0.1, 0.1, 0.15);
export const GREY = rgb(0.35, 0.35, 0.4);
export const LINK = rgb(0.1, 0.2, 0.6);
export const ALERT = rgb(0.7, 0.1, 0.1);
const A4: [number, number] = [595.28, 841.89];
const TOP = 790;
const BOTTOM = 70;

/** The standard fonts encode WinAnsi: no narrow or no-break spaces (Intl puts them in numbers). */
export const plain = (s: string): string => s.replace(/\u202f|\u00a0/g, " ");

/** "fr / en", or the one given when they are the same or one is missing; `missing` when neither is. */
export const both = (fr: string | null | undefined, en: string | null | undefined, missing = "—"): string => (fr && en && fr !== en ? `${fr} / ${en}` : (fr ?? en ?? missing));

export interface TextOptions {
  size?: number;
  bold?: boolean;
  color?: RGB;
}

export class PageWriter {
  readonly pdf: PDFDocument;
  readonly font: PDFFont;
  readonly bold: PDFFont;
  page: PDFPage;
  /** The baseline of the next line. */
  y = TOP;

  private constructor(pdf: PDFDocument, font: PDFFont, bold: PDFFont, page: PDFPage) {
    this.pdf = pdf;
    this.font = font;
    this.bold = bold;
    this.page = page;
  }

  static async create(title: string, subject: string): Promise<PageWriter> {
    const pdf = await PDFDocument.create();
    pdf.setTitle(title);
    pdf.setSubject(subject);
    const [font, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
    return new PageWriter(pdf, font, bold, pdf.addPage(A4));
  }

  /** Draws on the current line (the cursor does not move). */
  text(value: string, x: number, options: TextOptions = {}): void {
    this.page.drawText(plain(value), { x, y: this.y, size: options.size ?? 10, font: options.bold ? this.bold : this.font, color: options.color ?? INK });
  }

  /** Moves down; opens a new page past the bottom margin. */
  down(step = 14): void {
    this.y -= step;
    if (this.y < BOTTOM) this.newPage();
  }

  /** Makes sure the next `height` points fit on this page. */
  room(height: number): void {
    if (this.y - height < BOTTOM) this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage(A4);
    this.y = TOP;
  }

  /** The head of every document: the institution's name, then its identifiers (NIU, authorisation, address) in small grey lines. */
  letterhead(institution: string, identifiers: (string | null | undefined)[]): void {
    this.text(institution, 50, { size: 15, bold: true });
    this.down(15);
    for (const line of identifiers) {
      if (!line) continue;
      this.text(line, 50, { size: 8, color: GREY });
      this.down(11);
    }
  }

  /** Label / value rows, the label in grey. */
  rows(rows: [string, string][], valueX: number, options: { size?: number; step?: number } = {}): void {
    for (const [label, value] of rows) {
      this.text(label, 50, { color: GREY, size: options.size ?? 10 });
      this.text(value.slice(0, 80), valueX, { bold: true, size: (options.size ?? 10) + 1 });
      this.down(options.step ?? 18);
    }
  }

  /** The QR code to the verification page, with its caption and link, below the cursor. */
  async qr(url: string, caption: string, size = 120): Promise<void> {
    this.room(size + 20);
    const image = await this.pdf.embedPng(await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: "M" }));
    this.page.drawImage(image, { x: 50, y: this.y - size - 10, width: size, height: size });
    this.page.drawText(caption, { x: 70 + size, y: this.y - 40, size: 10, font: this.font, color: INK });
    this.page.drawText(url, { x: 70 + size, y: this.y - 56, size: 7, font: this.font, color: LINK });
    this.y -= size + 20;
  }

  /** A line at the foot of every page (e.g. SIMULÉ on a simulated receipt). */
  footer(value: string, options: TextOptions = {}): void {
    for (const page of this.pdf.getPages()) {
      page.drawText(plain(value), { x: 50, y: 36, size: options.size ?? 8, font: options.bold ? this.bold : this.font, color: options.color ?? GREY });
    }
  }

  save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}
