// admin/financial-management reads and writes: fee schedules, their instalments, who is
// billed and their discounts. Admin RLS applies; every change is audited by triggers.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { num } from "../../lib/supabase/columns.ts";
import type { FeeScheduleForm } from "../../lib/forms/finance.ts";

const scheduleRow = z.object({
  id: z.string(),
  label_fr: z.string(),
  label_en: z.string(),
  registration_fee_xaf: num,
  tuition_xaf: num,
  late_penalty_xaf: num,
  late_grace_days: num,
  published: z.boolean(),
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

const fail: Fail = failFor("finance");

export async function searchSchedules(supabase: SupabaseClient, text: string): Promise<Schedule[]> {
  let query = supabase
    .from("fee_schedules")
    .select("id, label_fr, label_en, registration_fee_xaf, tuition_xaf, late_penalty_xaf, late_grace_days, published, academic_years(label)")
    .order("label_fr")
    .limit(50);
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

export async function saveSchedule(
  supabase: SupabaseClient,
  id: string,
  patch: Pick<Schedule, "label_fr" | "label_en" | "registration_fee_xaf" | "tuition_xaf" | "late_penalty_xaf" | "late_grace_days" | "published">,
): Promise<void> {
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

const named = z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() });
const optionsShape = z.object({
  years: z.array(z.object({ id: z.string(), label: z.string(), is_current: z.boolean(), starts_on: z.string(), ends_on: z.string() })),
  programmes: z.array(named),
  formations: z.array(named),
  extensions: z.array(named),
  levels: z.array(z.object({ code: z.string(), name_fr: z.string(), name_en: z.string() })),
});
export type ScheduleOptions = z.infer<typeof optionsShape>;

/** What a new schedule may be for: the years, programmes (and levels), formations and extension programmes. */
export async function fetchScheduleOptions(supabase: SupabaseClient): Promise<ScheduleOptions> {
  const [years, programmes, formations, extensions, levels] = await Promise.all([
    supabase.from("academic_years").select("id, label, is_current, starts_on, ends_on").order("starts_on", { ascending: false }),
    supabase.from("programmes").select("id, name_fr, name_en").order("name_fr"),
    supabase.from("professional_formations").select("id, name_fr, name_en").order("name_fr"),
    supabase.from("extension_programmes").select("id, name_fr, name_en").order("name_fr"),
    supabase.from("levels").select("code, name_fr, name_en").order("position"),
  ]);
  for (const [what, answer] of [
    ["years", years],
    ["programmes", programmes],
    ["formations", formations],
    ["extension programmes", extensions],
    ["levels", levels],
  ] as const) {
    if (answer.error) fail(`reading the ${what}`, answer.error);
  }
  return optionsShape.parse({ years: years.data, programmes: programmes.data, formations: formations.data, extensions: extensions.data, levels: levels.data });
}

/** The year after the latest one, on the same calendar (its dates a year later): what the
 *  bursar prepares next year's fees for before the year is opened in the settings. */
export function nextAcademicYear(years: readonly { starts_on: string; ends_on: string }[]): { label: string; starts_on: string; ends_on: string } | null {
  const latest = [...years].sort((a, b) => b.starts_on.localeCompare(a.starts_on))[0];
  if (!latest) return null;
  const later = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`.replace(/-02-29$/, "-02-28");
  const starts_on = later(latest.starts_on);
  const ends_on = later(latest.ends_on);
  return { label: `${starts_on.slice(0, 4)}-${ends_on.slice(0, 4)}`, starts_on, ends_on };
}

/** The schedule and its instalments in one audited call; answers the new schedule's id. */
export async function createSchedule(supabase: SupabaseClient, form: FeeScheduleForm): Promise<string> {
  const [kind, id] = form.target.split(":");
  const { data, error } = await supabase.rpc("create_fee_schedule", {
    academic_year: form.academic_year,
    label_fr: form.label_fr,
    label_en: form.label_en,
    registration_fee_xaf: form.registration_fee_xaf,
    tuition_xaf: form.tuition_xaf,
    late_penalty_xaf: form.late_penalty_xaf,
    late_grace_days: form.late_grace_days,
    instalments: form.instalments,
    programme: kind === "programme" ? id : null,
    level: kind === "programme" ? form.level : null,
    formation: kind === "formation" ? id : null,
    extension: kind === "extension" ? id : null,
    published: form.published,
  });
  if (error) fail("creating a schedule", error);
  return z.string().parse(data);
}
