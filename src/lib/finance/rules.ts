// Finance rules shared by the pages, the functions and the tests (framework-free).
import * as z from "zod/mini";

/**
 * A Cameroonian mobile number as typed (+237, spaces and dots allowed): 9 digits starting
 * with 6 (MTN 67x/650-654/680-683, Orange 69x/655-659/640).
 */
export const normalizeMobile = (value: string) => {
  const digits = value.replace(/\D/g, "");
  return digits.length === 9 ? `+237${digits}` : `+${digits}`;
};
export const CAMEROON_MOBILE = /^\+2376\d{8}$/;

export const payRequestSchema = z.object({
  instalment_id: z.nullable(z.uuid()),
  student_fee_id: z.uuid(),
  channel: z.enum(["mtn_momo", "orange_money"]),
  phone: z.string().check(z.refine((v) => CAMEROON_MOBILE.test(normalizeMobile(v)), "finance.errors.phone")),
  amount_xaf: z.optional(z.int().check(z.positive(), z.maximum(100_000_000))),
});
export type PayRequest = z.infer<typeof payRequestSchema>;

export const slipSchema = z.object({
  amount_xaf: z.int().check(z.positive("finance.errors.amount"), z.maximum(100_000_000, "finance.errors.amount")),
  reference: z.string().check(z.trim(), z.minLength(2, "finance.errors.reference"), z.maxLength(100, "finance.errors.reference")),
});

export const SLIP_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"];
export const SLIP_MAX_BYTES = 5 * 1024 * 1024;

/** Where a slip is stored: the bank-slips bucket, under the student's folder. */
export function slipPath(studentId: string, fileName: string, now = new Date()): string {
  // No ".." anywhere: submit_bank_slip refuses it (a path that climbs out of the folder).
  const safe =
    fileName
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "_")
      .replace(/\.{2,}/g, ".")
      .replace(/^\.+/, "")
      .slice(-80) || "bordereau";
  return `${studentId}/${now.getTime()}-${safe}`;
}

/** The public page that verifies a receipt (the receipt's QR code points here). */
export function receiptVerificationUrl(origin: string, code: string, locale: "fr" | "en"): string {
  return `${origin.replace(/\/+$/, "")}${locale === "en" ? "/en" : ""}/receipts/verify/?c=${code}`;
}
