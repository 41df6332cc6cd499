// The receipt as a bilingual PDF (DOMAIN §3): institution and NIU, number, date, payer and
// matricule, academic year, item, instalment n/N, amount, balance after, channel and the
// operator's reference, and a QR code to the public verification page. Loaded only when the
// student downloads a receipt (pdf-lib and qrcode stay out of the page's chunk).
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import QRCode from "qrcode";
import { receiptVerificationUrl } from "../../lib/finance/rules.ts";
import { formatDateTime, formatXaf } from "../../lib/format.ts";
import type { Locale } from "../../lib/locales.ts";

export interface ReceiptData {
  number: string;
  kind: "payment" | "cancellation";
  amount_xaf: number;
  issued_at: string;
  verification_code: string;
  details: Record<string, unknown>;
}

const CHANNELS: Record<string, [string, string]> = {
  mtn_momo: ["MTN Mobile Money", "MTN Mobile Money"],
  orange_money: ["Orange Money", "Orange Money"],
  bank_transfer: ["Bordereau bancaire", "Bank slip"],
  cash: ["Espèces", "Cash"],
};

export async function receiptPdf(receipt: ReceiptData, origin: string, locale: Locale): Promise<Uint8Array> {
  const d = receipt.details;
  const text = (key: string) => (d[key] == null ? "—" : String(d[key]));
  const url = receiptVerificationUrl(origin, receipt.verification_code, locale);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${receipt.number}`);
  pdf.setSubject(receipt.kind === "payment" ? "Reçu de paiement / Payment receipt" : "Reçu d'annulation / Cancellation receipt");
  const page = pdf.addPage([595.28, 841.89]); // A4
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.1, 0.15);
  let y = 790;
  const line = (value: string, options: { size?: number; bold?: boolean; x?: number } = {}) => {
    page.drawText(value, { x: options.x ?? 50, y, size: options.size ?? 11, font: options.bold ? bold : font, color: ink });
    y -= (options.size ?? 11) + 8;
  };
  line(text("institution"), { size: 16, bold: true });
  line(`NIU : ${text("niu")}`);
  y -= 10;
  line(receipt.kind === "payment" ? "REÇU DE PAIEMENT / PAYMENT RECEIPT" : "REÇU D'ANNULATION / CANCELLATION RECEIPT", { size: 14, bold: true });
  line(`N° ${receipt.number}`, { size: 13, bold: true });
  if (receipt.kind === "cancellation") line(`Annule / Cancels : ${text("cancels")} — ${text("reason")}`);
  y -= 6;
  const [channelFr, channelEn] = CHANNELS[text("channel")] ?? [text("channel"), text("channel")];
  const rows: [string, string][] = [
    ["Date / Date", `${formatDateTime("fr", receipt.issued_at)} (Douala)`],
    ["Payé par / Paid by", text("payer")],
    ["Matricule / Student number", text("matricule")],
    ["Année académique / Academic year", text("academic_year")],
    ["Objet / Item", d.item_fr === d.item_en ? text("item_fr") : `${text("item_fr")} / ${text("item_en")}`],
    ["Tranche / Instalment", d.instalment ? `${text("instalment")}/${text("instalments")}` : "—"],
    ["Montant / Amount", formatXaf("fr", receipt.amount_xaf).replace(/\u202f|\u00a0/g, " ")],
    ["Reste à payer / Balance", d.balance_xaf == null ? "—" : formatXaf("fr", Number(d.balance_xaf)).replace(/\u202f|\u00a0/g, " ")],
    ["Moyen / Channel", channelFr === channelEn ? channelFr : `${channelFr} / ${channelEn}`],
    ["Référence opérateur / Operator reference", text("operator_reference")],
  ];
  for (const [label, value] of rows) {
    page.drawText(label, { x: 50, y, size: 10, font, color: rgb(0.35, 0.35, 0.4) });
    page.drawText(value.replace(/\u202f|\u00a0/g, " "), { x: 280, y, size: 11, font: bold, color: ink });
    y -= 22;
  }
  const qr = await pdf.embedPng(await QRCode.toDataURL(url, { margin: 1, width: 240, errorCorrectionLevel: "M" }));
  page.drawImage(qr, { x: 50, y: y - 150, width: 140, height: 140 });
  page.drawText("Vérifier ce reçu / Verify this receipt:", { x: 210, y: y - 40, size: 10, font, color: ink });
  page.drawText(url, { x: 210, y: y - 56, size: 8, font, color: rgb(0.1, 0.2, 0.6) });
  page.drawText("Un reçu n'est jamais modifié ; une correction fait l'objet d'un reçu d'annulation.", { x: 50, y: 60, size: 8, font, color: rgb(0.35, 0.35, 0.4) });
  page.drawText("A receipt is never edited; a correction is made by a cancellation receipt.", { x: 50, y: 48, size: 8, font, color: rgb(0.35, 0.35, 0.4) });
  return pdf.save();
}

/** Builds the PDF and has the browser download it. */
export async function downloadReceipt(receipt: ReceiptData, locale: Locale): Promise<void> {
  const bytes = await receiptPdf(receipt, window.location.origin, locale);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${receipt.number}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
