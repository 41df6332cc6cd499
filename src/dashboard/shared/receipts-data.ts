// Payment receipts as finance and admissions read them (receipt-pdf.ts draws one), and the
// receipts of an application's fee (an applicant has no student payments page): the
// payments of that application and their receipts, which RLS shows only to its applicant
// and the bursar.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const num = z.pipe(
  z.union([z.number(), z.string()]),
  z.transform((v) => Number(v)),
);

export const receiptRow = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(["payment", "cancellation"]),
  amount_xaf: num,
  issued_at: z.string(),
  verification_code: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type Receipt = z.infer<typeof receiptRow>;

export async function fetchApplicationFeeReceipts(supabase: SupabaseClient, applicationId: string): Promise<Receipt[]> {
  const { data, error } = await supabase
    .from("payments")
    .select("id, receipts!receipts_payment_id_fkey(id, number, kind, amount_xaf, issued_at, verification_code, details)")
    .eq("application_id", applicationId)
    .eq("purpose", "application_fee")
    .order("created_at", { ascending: false });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return z
    .array(z.object({ receipts: z.array(receiptRow) }))
    .parse(data)
    .flatMap((p) => p.receipts);
}
