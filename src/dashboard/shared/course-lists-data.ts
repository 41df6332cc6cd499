// Course lists that several features read (and cache under the same keys): a teacher's
// courses with their figures (my courses, planning sessions, a semester's page) and
// everything the create-course wizard offers to choose from (the wizard, the admin's course
// list and the global timetable's filters).
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";

/** A course's teaching unit (UE), as every course read embeds it. */
export const unit = z.nullable(z.object({ code: z.string(), title_fr: z.string(), title_en: z.string(), credits: z.number() }));

const teacherCourseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  credits: z.number(),
  semester_id: z.nullable(z.string()),
  meeting_platform: z.nullable(z.string()),
  unit,
  enrolments: z.array(z.object({ count: z.number() })),
  sessions: z.array(z.object({ count: z.number() })),
  reviews: z.array(z.object({ rating: z.number() })),
});
export interface TeacherCourse {
  id: string;
  code: string;
  title: string;
  credits: number;
  semesterId: string | null;
  platform: string | null;
  unit: z.infer<typeof unit>;
  students: number;
  sessions: number;
  reviews: number;
  averageRating: number | null;
}

/** The courses I teach with their figures: active students, sessions, reviews. */
export async function listTeacherCourses(supabase: SupabaseClient, teacherId: string): Promise<TeacherCourse[]> {
  const { data, error } = await supabase
    .from("courses")
    .select(
      `id, code, title, credits, semester_id, meeting_platform, unit:teaching_units(code, title_fr, title_en, credits),
       enrolments:course_enrollments(count), sessions:schedule_events(count), reviews(rating)`,
    )
    .eq("teacher_id", teacherId)
    .eq("enrolments.status", "active")
    .order("code");
  if (error) throw new Error(error.message);
  return z
    .array(teacherCourseRow)
    .parse(data)
    .map((c) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      credits: c.credits,
      semesterId: c.semester_id,
      platform: c.meeting_platform,
      unit: c.unit,
      students: c.enrolments[0]?.count ?? 0,
      sessions: c.sessions[0]?.count ?? 0,
      reviews: c.reviews.length,
      averageRating: c.reviews.length ? c.reviews.reduce((sum, r) => sum + r.rating, 0) / c.reviews.length : null,
    }));
}

const wizardOptions = z.object({
  schools: z.array(z.object({ id: z.string(), slug: z.string(), kind: z.string(), name_fr: z.string(), name_en: z.string() })),
  programmes: z.array(z.object({ id: z.string(), slug: z.string(), name_fr: z.string(), name_en: z.string() })),
  specialties: z.array(z.object({ id: z.string(), programme_id: z.string(), name_fr: z.string(), name_en: z.string() })),
  formations: z.array(z.object({ id: z.string(), certificate: z.string(), internship_months: z.number(), name_fr: z.string(), name_en: z.string() })),
  extensions: z.array(z.object({ id: z.string(), credential: z.string(), delivery: z.string(), name_fr: z.string(), name_en: z.string() })),
  semesters: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string(), is_current: z.boolean(), academic_year: z.object({ label: z.string() }) })),
  units: z.array(
    z.object({ id: z.string(), code: z.string(), title_fr: z.string(), title_en: z.string(), semester_id: z.string(), programme_id: z.nullable(z.string()), level_code: z.nullable(z.string()) }),
  ),
  teachers: z.array(z.object({ id: z.string(), full_name: z.string() })),
  /** The institution's default meeting platform (/admin/zoom), preselected for a new course. */
  defaultPlatform: z.enum(["zoom", "teams", "in_person"]),
});
export type WizardOptions = z.infer<typeof wizardOptions>;

/** Everything the create-course wizard offers to choose from. */
export async function wizardChoices(supabase: SupabaseClient): Promise<WizardOptions> {
  const q = await Promise.all([
    // A new course goes under what the catalogue still offers: archived entries (gone from
    // the content, kept for what already uses them) are not choices.
    supabase.from("schools").select("id, slug, kind, name_fr, name_en").is("archived_at", null).order("position"),
    supabase.from("programmes").select("id, slug, name_fr, name_en").is("archived_at", null).order("position"),
    supabase.from("specialties").select("id, programme_id, name_fr, name_en").is("archived_at", null).order("name_fr"),
    supabase.from("professional_formations").select("id, certificate, internship_months, name_fr, name_en").is("archived_at", null).order("position"),
    supabase.from("extension_programmes").select("id, credential, delivery, name_fr, name_en").is("archived_at", null).order("position"),
    supabase.from("semesters").select("id, name_fr, name_en, is_current, academic_year:academic_years!inner(label)").order("starts_on", { ascending: false }),
    supabase.from("teaching_units").select("id, code, title_fr, title_en, semester_id, programme_id, level_code").order("code"),
    supabase.from("user_roles").select("profile:profiles!user_roles_user_id_fkey(id, full_name)").eq("role", "teacher"),
    supabase.from("institution_settings").select("default_meeting_platform").maybeSingle(),
  ]);
  const failed = q.find((r) => r.error);
  if (failed?.error) throw new Error(failed.error.message);
  return wizardOptions.parse({
    schools: q[0].data,
    programmes: q[1].data,
    specialties: q[2].data,
    formations: q[3].data,
    extensions: q[4].data,
    semesters: q[5].data,
    units: q[6].data,
    teachers: z
      .array(z.object({ profile: z.object({ id: z.string(), full_name: z.string() }) }))
      .parse(q[7].data)
      .map((r) => r.profile)
      .sort((a, b) => a.full_name.localeCompare(b.full_name, "fr")),
    defaultPlatform: (q[8].data as { default_meeting_platform?: string } | null)?.default_meeting_platform ?? "zoom",
  });
}
