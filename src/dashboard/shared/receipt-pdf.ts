// The receipt as a bilingual PDF (DOMAIN §3): institution and NIU, number, date, payer and
// matricule, academic year, item, instalment n/N, amount, balance after, channel and the
// operator's reference, and a QR code to the public verification page. A payment the
// simulator settled (no money moved) says SIMULÉ / SIMULATED in large red letters and on
// every page's foot. Loaded only when the
// student downloads a receipt (pdf-lib and qrcode stay out of the page's chunk).
import { receiptVerificationUrl } from "../../lib/finance/rules.ts";
import { formatDate, formatTime, formatXaf } from "../../lib/format.ts";
import type { Locale } from "../../lib/locales.ts";
import { downloadPdf } from "../../lib/download.ts";
import { ALERT, GREY, PageWriter, plain } from "../../lib/pdf/page-writer.ts";

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
const SIMULATED = "SIMULÉ / SIMULATED : paiement de test, aucune somme n'a été encaissée / test payment, no money was received";

export async function receiptPdf(receipt: ReceiptData, origin: string, locale: Locale): Promise<Uint8Array> {
  const d = receipt.details;
  const text = (key: string) => (d[key] == null ? "—" : String(d[key]));
  const simulated = d.simulated === true;
  const w = await PageWriter.create(receipt.number, receipt.kind === "payment" ? "Reçu de paiement / Payment receipt" : "Reçu d'annulation / Cancellation receipt");
  const line = (value: string, options: { size?: number; bold?: boolean } = {}) => {
    w.text(value, 50, { size: options.size ?? 11, bold: options.bold });
    w.down((options.size ?? 11) + 8);
  };
  w.letterhead(text("institution"), [`NIU : ${text("niu")}`]);
  w.down(27);
  if (simulated) {
    w.text("SIMULÉ / SIMULATED", 50, { size: 22, bold: true, color: ALERT });
    w.down(30);
  }
  line(receipt.kind === "payment" ? "REÇU DE PAIEMENT / PAYMENT RECEIPT" : "REÇU D'ANNULATION / CANCELLATION RECEIPT", { size: 14, bold: true });
  line(`N° ${receipt.number}`, { size: 13, bold: true });
  if (receipt.kind === "cancellation") line(`Annule / Cancels : ${text("cancels")} — ${text("reason")}`);
  w.down(6);
  const [channelFr, channelEn] = CHANNELS[text("channel")] ?? [text("channel"), text("channel")];
  w.rows(
    [
      ["Date / Date", `${formatDate("fr", receipt.issued_at)}, ${formatTime("fr", receipt.issued_at)} (Douala)`],
      ["Payé par / Paid by", text("payer")],
      ["Matricule / Student number", text("matricule")],
      ["Année académique / Academic year", text("academic_year")],
      ["Objet / Item", d.item_fr === d.item_en ? text("item_fr") : `${text("item_fr")} / ${text("item_en")}`],
      ["Tranche / Instalment", d.instalment ? `${text("instalment")}/${text("instalments")}` : "—"],
      ["Montant / Amount", plain(formatXaf("fr", receipt.amount_xaf))],
      ["Reste à payer / Balance", d.balance_xaf == null ? "—" : plain(formatXaf("fr", Number(d.balance_xaf)))],
      ["Moyen / Channel", channelFr === channelEn ? channelFr : `${channelFr} / ${channelEn}`],
      ["Référence opérateur / Operator reference", text("operator_reference")],
    ],
    280,
    { step: 22 },
  );
  w.down(10);
  await w.qr(receiptVerificationUrl(origin, receipt.verification_code, locale), "Vérifier ce reçu / Verify this receipt:", 140);
  w.y = 60;
  w.text("Un reçu n'est jamais modifié ; une correction fait l'objet d'un reçu d'annulation.", 50, { size: 8, color: GREY });
  w.y = 48;
  w.text("A receipt is never edited; a correction is made by a cancellation receipt.", 50, { size: 8, color: GREY });
  if (simulated) w.footer(SIMULATED, { bold: true, color: ALERT });
  return w.save();
}

/** Builds the PDF and has the browser download it. */
export async function downloadReceipt(receipt: ReceiptData, locale: Locale): Promise<void> {
  downloadPdf(await receiptPdf(receipt, window.location.origin, locale), `${receipt.number}.pdf`);
}
