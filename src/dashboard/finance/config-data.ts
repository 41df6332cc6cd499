// admin/financial-management reads and writes: fee schedules, their instalments, who is
// billed and their discounts. Admin RLS applies; every change is audited by triggers.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const num = z.pipe(z.union([z.number(), z.string()]), z.transform((v) => Number(v)));

const scheduleRow = z.object({
  id: z.string(),
  label_fr: z.string(),
  label_en: z.string(),
  registration_fee_xaf: num,
  tuition_xaf: num,
  late_penalty_xaf: num,
  late_grace_days: num,
  academic_years: z.nullable(z.object({ label: z.string() })),
});
export type Schedule = z.infer<typeof scheduleRow>;

const instalmentRow = z.object({ id: z.string(), position: num, label_fr: z.string(), label_en: z.string(), amount_xaf: num, due_on: z.string() });
export type Instalment = z.infer<typeof instalmentRow>;

const billRow = z.object({
  id: z.string(),
  student_id: z.string(),
  discount_xaf: num,
  discount_reason: z.nullable(z.string()),
  profiles: z.nullable(z.object({ full_name: z.nullable(z.string()) })),
});
export type Bill = z.infer<typeof billRow>;

function fail(what: string, error: { message: string; code?: string }): never {
  console.error(`finance: ${what} failed: ${error.message}`);
  throw Object.assign(new Error(error.message), { code: error.code });
}

export async function searchSchedules(supabase: SupabaseClient, text: string): Promise<Schedule[]> {
  let query = supabase.from("fee_schedules").select("id, label_fr, label_en, registration_fee_xaf, tuition_xaf, late_penalty_xaf, late_grace_days, academic_years(label)")
    .order("label_fr").limit(50);
  const term = text.trim().replace(/[%,()]/g, " ");
  if (term) query = query.or(`label_fr.ilike.%${term}%,label_en.ilike.%${term}%`);
  const { data, error } = await query;
  if (error) fail("reading fee schedules", error);
  return z.array(scheduleRow).parse(data ?? []);
}

export async function fetchScheduleDetail(supabase: SupabaseClient, id: string): Promise<{ instalments: Instalment[]; bills: Bill[] }> {
  const [instalments, bills] = await Promise.all([
    supabase.from("fee_instalments").select("id, position, label_fr, label_en, amount_xaf, due_on").eq("fee_schedule_id", id).order("position"),
    supabase.from("student_fees").select("id, student_id, discount_xaf, discount_reason, profiles!student_fees_student_id_fkey(full_name)").eq("fee_schedule_id", id).limit(500),
  ]);
  if (instalments.error) fail("reading instalments", instalments.error);
  if (bills.error) fail("reading bills", bills.error);
  return { instalments: z.array(instalmentRow).parse(instalments.data ?? []), bills: z.array(billRow).parse(bills.data ?? []) };
}

export async function saveSchedule(supabase: SupabaseClient, id: string, patch: Pick<Schedule, "label_fr" | "label_en" | "registration_fee_xaf" | "tuition_xaf" | "late_penalty_xaf" | "late_grace_days">): Promise<void> {
  const { error } = await supabase.from("fee_schedules").update(patch).eq("id", id);
  if (error) fail("saving a schedule", error);
}

export async function addInstalment(supabase: SupabaseClient, scheduleId: string, row: Omit<Instalment, "id">): Promise<void> {
  const { error } = await supabase.from("fee_instalments").insert({ fee_schedule_id: scheduleId, ...row });
  if (error) fail("adding an instalment", error);
}

export async function removeInstalment(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("fee_instalments").delete().eq("id", id);
  if (error) fail("removing an instalment", error);
}

export async function assignSchedule(supabase: SupabaseClient, id: string): Promise<number> {
  const { data, error } = await supabase.rpc("assign_fee_schedule", { schedule: id });
  if (error) fail("assigning a schedule", error);
  return Number(data);
}

export async function setDiscount(supabase: SupabaseClient, bill: string, amount: number, reason: string): Promise<void> {
  const { error } = await supabase.rpc("set_student_discount", { bill, amount_xaf: amount, reason });
  if (error) fail("setting a discount", error);
}
