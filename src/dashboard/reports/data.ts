// Reports: the only file of the feature naming tables and RPCs (courses, academic_years,
// course_report, institution_report). The figures are computed in SQL; the functions
// refuse other roles. Rows are parsed at the boundary.
import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { nullishNum, num } from "../../lib/supabase/columns.ts";

const fail: Fail = failFor("reports", []);

const course = z.object({ id: z.string(), code: z.string(), title: z.string() });
export type Course = z.infer<typeof course>;

export async function fetchTeacherCourses(supabase: SupabaseClient, teacherId: string): Promise<Course[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").eq("teacher_id", teacherId).order("code");
  if (error) fail("courses", error);
  return z.array(course).parse(data);
}

const courseReport = z.object({
  pass_mark: num,
  students: num,
  marked: num,
  average: nullishNum,
  pass_rate: nullishNum,
  attendance_rate: nullishNum,
  distribution: z.array(z.object({ from: num, to: num, count: num })),
  at_risk: z.array(
    z.object({
      student_id: z.string(),
      full_name: z.string(),
      average: nullishNum,
      absences: num,
      below_pass: z.boolean(),
      often_absent: z.boolean(),
    }),
  ),
});
export type CourseReport = z.infer<typeof courseReport>;

export async function fetchCourseReport(supabase: SupabaseClient, courseId: string): Promise<CourseReport> {
  const { data, error } = await supabase.rpc("course_report", { course: courseId });
  if (error) fail("course report", error);
  return courseReport.parse(data);
}

const year = z.object({ id: z.string(), label: z.string(), is_current: z.boolean() });
export type AcademicYear = z.infer<typeof year>;

export async function fetchYears(supabase: SupabaseClient): Promise<AcademicYear[]> {
  const { data, error } = await supabase.from("academic_years").select("id, label, is_current").order("starts_on", { ascending: false });
  if (error) fail("years", error);
  return z.array(year).parse(data);
}

const institutionRow = z.object({
  school_id: z.string(),
  school_fr: z.string(),
  school_en: z.string(),
  programme_fr: z.nullable(z.string()),
  programme_en: z.nullable(z.string()),
  level_code: z.nullable(z.string()),
  enrolled: num,
  results: num,
  validated: num,
  pass_rate: nullishNum,
  credits_earned: num,
  attendance_rate: nullishNum,
  revenue_xaf: num,
});
export type InstitutionRow = z.infer<typeof institutionRow>;

export async function fetchInstitutionReport(supabase: SupabaseClient, yearId: string): Promise<InstitutionRow[]> {
  const { data, error } = await supabase.rpc("institution_report", { year: yearId });
  if (error) fail("institution report", error);
  return z.array(institutionRow).parse(data);
}
