// The registrar's tools (issue 21 §4): the UEs of a semester for a programme and level
// (create, credits, which courses they group) and one student's enrolment in one course
// (enrol, withdraw, with a reason). Every write is an audited SQL function
// (20260813000000_registrar_tools.sql); a closed session's freeze answers PT409.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

/** A database refusal with its code, for the page to say it in plain words. */
export class RegistrarError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.code = code;
  }
}
const fail = (error: { message: string; code?: string }): never => {
  throw new RegistrarError(error.message, error.code);
};

// ---- forms -------------------------------------------------------------------------------
export const REASON_MIN = 5;
export const REASON_MAX = 500;
export const reasonSchema = z.string().check(z.trim(), z.minLength(REASON_MIN), z.maxLength(REASON_MAX));
export const unitSchema = z.object({
  code: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9-]{2,20}$/)),
  titleFr: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  titleEn: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  credits: z.number().check(z.int(), z.gte(1), z.lte(6)),
});
export type UnitInput = z.infer<typeof unitSchema>;

// ---- the scope: semester, programme, level -------------------------------------------------
const scopeChoices = z.object({
  semesters: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string(), is_current: z.boolean(), academic_year: z.object({ label: z.string() }) })),
  programmes: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() })),
  levels: z.array(z.object({ code: z.string(), name_fr: z.string(), name_en: z.string() })),
});
export type ScopeChoices = z.infer<typeof scopeChoices>;
export interface UnitScope {
  semesterId: string;
  programmeId: string;
  level: string;
}

/** The semesters (newest first), degree programmes and levels a UE can be made for. */
export async function unitScopeChoices(supabase: SupabaseClient): Promise<ScopeChoices> {
  const q = await Promise.all([
    supabase.from("semesters").select("id, name_fr, name_en, is_current, academic_year:academic_years!inner(label)").order("starts_on", { ascending: false }),
    supabase.from("programmes").select("id, name_fr, name_en").order("position"),
    supabase.from("levels").select("code, name_fr, name_en").order("position"),
  ]);
  const failed = q.find((r) => r.error);
  if (failed?.error) fail(failed.error);
  return scopeChoices.parse({ semesters: q[0].data, programmes: q[1].data, levels: q[2].data });
}

// ---- UEs and their courses -----------------------------------------------------------------
const scopeCourse = z.object({ id: z.string(), code: z.string(), title: z.string(), credits: z.number(), coefficient: z.union([z.number(), z.string()]), teaching_unit_id: z.nullable(z.string()) });
const scopeUnit = z.object({ id: z.string(), code: z.string(), title_fr: z.string(), title_en: z.string(), credits: z.number() });
export type ScopeCourse = z.infer<typeof scopeCourse>;
export type ScopeUnit = z.infer<typeof scopeUnit> & { courses: ScopeCourse[] };
export interface ScopeUnits {
  units: ScopeUnit[];
  /** Courses of the scope outside any UE. */
  loose: ScopeCourse[];
  /** A session of the semester is closed: its UEs and courses are frozen. */
  frozen: boolean;
}

/** The UEs of a semester for a programme and level, each with its courses, and the courses outside any. */
export async function listScopeUnits(supabase: SupabaseClient, s: UnitScope): Promise<ScopeUnits> {
  const [units, courses, closed] = await Promise.all([
    supabase.from("teaching_units").select("id, code, title_fr, title_en, credits").eq("semester_id", s.semesterId).eq("programme_id", s.programmeId).eq("level_code", s.level).order("code"),
    supabase
      .from("courses")
      .select("id, code, title, credits, coefficient, teaching_unit_id")
      .eq("semester_id", s.semesterId)
      .eq("programme_id", s.programmeId)
      .eq("level_code", s.level)
      .order("code"),
    supabase.from("deliberations").select("id").eq("semester_id", s.semesterId).is("reopened_at", null).limit(1),
  ]);
  const failed = [units, courses, closed].find((r) => r.error);
  if (failed?.error) fail(failed.error);
  const all = z.array(scopeCourse).parse(courses.data);
  return {
    units: z
      .array(scopeUnit)
      .parse(units.data)
      .map((u) => ({ ...u, courses: all.filter((c) => c.teaching_unit_id === u.id) })),
    loose: all.filter((c) => c.teaching_unit_id === null),
    frozen: (closed.data ?? []).length > 0,
  };
}

/** Creates a UE of that scope; returns its id. */
export async function createUnit(supabase: SupabaseClient, s: UnitScope, unit: UnitInput): Promise<string> {
  const { data, error } = await supabase.rpc("create_teaching_unit", {
    semester: s.semesterId,
    programme: s.programmeId,
    level: s.level,
    code: unit.code,
    title_fr: unit.titleFr,
    title_en: unit.titleEn,
    credits: unit.credits,
  });
  if (error) fail(error);
  return z.string().parse(data);
}

/** A UE's titles and credits. */
export async function updateUnit(supabase: SupabaseClient, unitId: string, unit: Omit<UnitInput, "code">): Promise<void> {
  const { error } = await supabase.rpc("update_teaching_unit", { unit: unitId, title_fr: unit.titleFr, title_en: unit.titleEn, credits: unit.credits });
  if (error) fail(error);
}

/** Removes a UE that groups no course. */
export async function deleteUnit(supabase: SupabaseClient, unitId: string): Promise<void> {
  const { error } = await supabase.rpc("delete_teaching_unit", { unit: unitId });
  if (error) fail(error);
}

/** Groups a course into a UE, or takes it out of any (null). */
export async function setCourseUnit(supabase: SupabaseClient, courseId: string, unitId: string | null): Promise<void> {
  const { error } = await supabase.rpc("set_course_unit", { course: courseId, unit: unitId });
  if (error) fail(error);
}

// ---- one student, one course ---------------------------------------------------------------
const foundStudent = z.object({ id: z.string(), full_name: z.string(), matricule: z.nullable(z.string()) });
export type FoundStudent = z.infer<typeof foundStudent>;

/** Up to 20 students whose name or matricule contains the term (2 characters at least). */
export async function findStudents(supabase: SupabaseClient, term: string): Promise<FoundStudent[]> {
  const { data, error } = await supabase.rpc("find_students", { term });
  if (error) fail(error);
  return z.array(foundStudent).parse(data);
}

/** Enrols one student in one course, with a reason; returns the enrolment's id. */
export async function enrolStudent(supabase: SupabaseClient, courseId: string, studentId: string, reason: string): Promise<string> {
  const { data, error } = await supabase.rpc("enrol_student", { course: courseId, student: studentId, reason });
  if (error) fail(error);
  return z.string().parse(data);
}

/** Withdraws one student from one course, with a reason (the row stays, dropped). */
export async function withdrawStudent(supabase: SupabaseClient, enrolmentId: string, reason: string): Promise<void> {
  const { error } = await supabase.rpc("withdraw_student", { enrolment: enrolmentId, reason });
  if (error) fail(error);
}
