// The receipts of an application's fee (an applicant has no student payments page): the
// payments of that application and their receipts, which RLS shows only to its applicant
// and the bursar.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { receiptRow, type Receipt } from "./data.ts";

export async function fetchApplicationFeeReceipts(supabase: SupabaseClient, applicationId: string): Promise<Receipt[]> {
  const { data, error } = await supabase
    .from("payments")
    .select("id, receipts!receipts_payment_id_fkey(id, number, kind, amount_xaf, issued_at, verification_code, details)")
    .eq("application_id", applicationId)
    .eq("purpose", "application_fee")
    .order("created_at", { ascending: false });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return z.array(z.object({ receipts: z.array(receiptRow) })).parse(data).flatMap((p) => p.receipts);
}
