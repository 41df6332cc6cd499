// admin/settings and admin/technical: the institution's settings, academic years and
// semesters, the platform's health and the worker's "run a tick now". The only file of
// this feature naming tables, RPCs and functions.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

const mentionBand = z.object({ min: z.number(), fr: z.string(), en: z.string() });
const gradePoint = z.object({ min: z.number(), letter: z.string(), points: z.number() });

const settingsRow = z.object({
  name: z.string(),
  niu: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  postal_address: z.nullable(z.string()),
  matricule_pattern: z.string(),
  authorization_ref: z._default(z.nullable(z.string()), null),
  signatory_name: z._default(z.nullable(z.string()), null),
  signatory_title_fr: z._default(z.nullable(z.string()), null),
  signatory_title_en: z._default(z.nullable(z.string()), null),
  cc_weight: z.number(),
  pass_mark: z.coerce.number(),
  compensation: z.boolean(),
  eliminatory_mark: z.nullable(z.coerce.number()),
  resit_cap: z.nullable(z.coerce.number()),
  mention_bands: z.array(mentionBand),
  grade_points: z.array(gradePoint),
  updated_at: z.string(),
});
export type InstitutionSettings = z.infer<typeof settingsRow>;
export type SettingsChange = Partial<Omit<InstitutionSettings, "updated_at">>;

const SETTINGS_COLUMNS =
  "name, niu, phone, email, postal_address, matricule_pattern, authorization_ref, signatory_name, signatory_title_fr, signatory_title_en, cc_weight, pass_mark, compensation, eliminatory_mark, resit_cap, mention_bands, grade_points, updated_at";

export async function fetchSettings(supabase: SupabaseClient): Promise<InstitutionSettings> {
  const { data, error } = await supabase.from("institution_settings").select(SETTINGS_COLUMNS).single();
  if (error) throw new Error(error.message);
  return settingsRow.parse(data);
}

export async function saveSettings(supabase: SupabaseClient, change: SettingsChange): Promise<InstitutionSettings> {
  const { data, error } = await supabase.from("institution_settings").update(change).eq("id", true).select(SETTINGS_COLUMNS).single();
  if (error) throw new Error(error.message);
  return settingsRow.parse(data);
}

/** The matricule a pattern gives, as registration will issue it. */
export async function previewMatricule(supabase: SupabaseClient, pattern: string, schoolCode: string, year: number, sequence: number): Promise<string> {
  const { data, error } = await supabase.rpc("format_matricule", { pattern, school_code: schoolCode, academic_year_start: year, sequence });
  if (error) throw new Error(error.message);
  return z.string().parse(data);
}

const semesterRow = z.object({
  id: z.string(),
  number: z.number(),
  name_fr: z.string(),
  name_en: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
});
const yearRow = z.object({
  id: z.string(),
  label: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_current: z.boolean(),
  semesters: z.array(semesterRow),
});
export type AcademicYear = z.infer<typeof yearRow>;
export type Semester = z.infer<typeof semesterRow>;

export async function fetchAcademicYears(supabase: SupabaseClient): Promise<AcademicYear[]> {
  const { data, error } = await supabase
    .from("academic_years")
    .select("id, label, starts_on, ends_on, is_current, semesters(id, number, name_fr, name_en, starts_on, ends_on, is_current)")
    .order("starts_on", { ascending: false })
    .order("number", { referencedTable: "semesters" });
  if (error) throw new Error(error.message);
  return z.array(yearRow).parse(data);
}

export async function addSemester(
  supabase: SupabaseClient,
  semester: { academic_year_id: string; number: number; name_fr: string; name_en: string; starts_on: string; ends_on: string },
): Promise<void> {
  const { error } = await supabase.from("semesters").insert(semester);
  if (error) throw new Error(error.message);
}

export async function setCurrentSemester(supabase: SupabaseClient, semesterId: string): Promise<void> {
  const { error } = await supabase.rpc("set_current_semester", { semester: semesterId });
  if (error) throw new Error(error.message);
}

const tickRow = z.object({
  started_at: z.string(),
  finished_at: z.string(),
  source: z.string(),
  ok: z.boolean(),
  events_seen: z.number(),
  created: z.number(),
  duration_ms: z.number(),
  error: z.nullable(z.string()),
});
const healthRow = z.object({
  database_bytes: z.coerce.number(),
  storage: z.array(z.object({ bucket: z.string(), objects: z.coerce.number(), bytes: z.coerce.number() })),
  migration_version: z.nullable(z.string()),
  migrations_applied: z.coerce.number(),
  last_tick: z.nullable(tickRow),
  last_ok_tick_at: z.nullable(z.string()),
  ticks_failed_24h: z.coerce.number(),
  realtime_subscriptions: z.nullable(z.coerce.number()),
  function_errors: z.array(z.object({ function_name: z.string(), message: z.string(), occurred_at: z.string() })),
  checked_at: z.string(),
});
export type SystemHealth = z.infer<typeof healthRow> & { apiLatencyMs: number; functionsOk: boolean };

/** The health figures, with the round trip of the call itself and a functions probe. */
export async function fetchSystemHealth(supabase: SupabaseClient): Promise<SystemHealth> {
  const started = performance.now();
  const { data, error } = await supabase.rpc("admin_system_health");
  const apiLatencyMs = Math.round(performance.now() - started);
  if (error) throw new Error(error.message);
  const probe = await supabase.functions.invoke("health", { method: "GET" });
  return { ...healthRow.parse(data), apiLatencyMs, functionsOk: !probe.error };
}

const tickResult = z.object({ ok: z.boolean(), events_seen: z.number(), created: z.number(), duration_ms: z.number(), error: z.optional(z.nullable(z.string())) });
export type ManualTick = z.infer<typeof tickResult>;

/** Runs one worker tick now, server-side (the worker-tick function, admins at aal2). */
export async function runWorkerTickNow(supabase: SupabaseClient): Promise<ManualTick> {
  const { data, error } = await supabase.functions.invoke("worker-tick", { method: "POST", body: {} });
  if (error) throw new Error(error.message);
  return tickResult.parse(data);
}
