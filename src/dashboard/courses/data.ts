// Courses as their students and teachers see them: my courses with their UE and credits,
// one course in depth (teacher, materials by week, upcoming sessions, reviews), materials
// uploads to the private course-materials bucket. The only courses file naming tables (but
// for what other features read too: shared/course-lists-data.ts, shared/materials-data.ts).
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { unit } from "../shared/course-lists-data.ts";

const courseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.string(),
  credits: z.number(),
  coefficient: z.union([z.number(), z.string()]),
  meeting_platform: z.nullable(z.string()),
  semester_id: z.nullable(z.string()),
  teacher: z.nullable(z.object({ id: z.string(), full_name: z.string() })),
  unit,
});
export type Course = z.infer<typeof courseRow>;

const COURSE_COLUMNS = `id, code, title, description, language, credits, coefficient, meeting_platform, semester_id,
  teacher:profiles!courses_teacher_id_fkey(id, full_name), unit:teaching_units(code, title_fr, title_en, credits)`;

/**
 * A student's courses: RLS shows only those it follows (active) or completed; with a
 * semester, only that semester's.
 */
/** The courses a student follows or followed (active or completed enrolments). */
function enrolledCourses(supabase: SupabaseClient, userId: string) {
  return supabase
    .from("courses")
    .select(`${COURSE_COLUMNS}, course_enrollments!inner(user_id, status)`)
    .eq("course_enrollments.user_id", userId)
    .in("course_enrollments.status", ["active", "completed"]);
}

async function coursesOf(query: ReturnType<typeof enrolledCourses>): Promise<Course[]> {
  const { data, error } = await query.order("code");
  if (error) throw new Error(error.message);
  return z.array(courseRow).parse(data);
}

export async function listStudentCourses(supabase: SupabaseClient, userId: string, semesterId?: string): Promise<Course[]> {
  const query = enrolledCourses(supabase, userId);
  return coursesOf(semesterId ? query.eq("semester_id", semesterId) : query);
}

/**
 * "My courses this semester": the current semester's, and those outside any semester (a
 * recorded certificate) — never last year's, which the student followed (completed) too.
 */
export async function listCurrentStudentCourses(supabase: SupabaseClient, userId: string): Promise<Course[]> {
  const semester = await supabase.from("semesters").select("id").eq("is_current", true).maybeSingle();
  if (semester.error) throw new Error(semester.error.message);
  const query = enrolledCourses(supabase, userId);
  return coursesOf(semester.data ? query.or(`semester_id.eq.${semester.data.id},semester_id.is.null`) : query.is("semester_id", null));
}

export async function getCourse(supabase: SupabaseClient, id: string): Promise<Course | null> {
  const { data, error } = await supabase.from("courses").select(COURSE_COLUMNS).eq("id", id).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? courseRow.parse(data) : null;
}

// ---- materials ---------------------------------------------------------------------------------
const materialRow = z.object({ id: z.string(), week: z.number(), title: z.string(), kind: z.enum(["file", "link"]), storage_path: z.nullable(z.string()), url: z.nullable(z.string()) });
export type Material = z.infer<typeof materialRow>;

export async function listMaterials(supabase: SupabaseClient, courseId: string): Promise<Material[]> {
  const { data, error } = await supabase.from("course_materials").select("id, week, title, kind, storage_path, url").eq("course_id", courseId).order("week").order("title");
  if (error) throw new Error(error.message);
  return z.array(materialRow).parse(data);
}

// ---- reviews -----------------------------------------------------------------------------------
const reviewRow = z.object({ id: z.string(), rating: z.number(), comment: z.string(), author_id: z.string(), updated_at: z.string() });
export type Review = z.infer<typeof reviewRow>;

export async function listReviews(supabase: SupabaseClient, courseId: string): Promise<Review[]> {
  const { data, error } = await supabase.from("reviews").select("id, rating, comment, author_id, updated_at").eq("course_id", courseId).order("updated_at", { ascending: false });
  if (error) throw new Error(error.message);
  return z.array(reviewRow).parse(data);
}

/** Writes (or rewrites) the signed-in student's one review of the course. */
export async function saveReview(supabase: SupabaseClient, courseId: string, userId: string, existingId: string | null, rating: number, comment: string): Promise<void> {
  const { error } = existingId
    ? await supabase.from("reviews").update({ rating, comment }).eq("id", existingId)
    : await supabase.from("reviews").insert({ course_id: courseId, author_id: userId, rating, comment });
  if (error) throw new Error(error.message);
}

// ---- administration: the create-course wizard and cohort enrolment --------------------------------

export interface NewCourse {
  code: string;
  title: string;
  description: string;
  language: "fr" | "en";
  school_id: string;
  programme_id: string | null;
  specialty_id: string | null;
  level_code: string | null;
  professional_formation_id: string | null;
  extension_programme_id: string | null;
  semester_id: string;
  teaching_unit_id: string | null;
  teacher_id: string | null;
  credits: number;
  coefficient: number;
  meeting_platform: "zoom" | "teams" | "in_person" | null;
}

/** An admin opens a course (audited). Returns its id. */
export async function createCourse(supabase: SupabaseClient, course: NewCourse): Promise<string> {
  const { data, error } = await supabase.from("courses").insert(course).select("id").single();
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  const id = z.object({ id: z.string() }).parse(data).id;
  await supabase.rpc("record_audit", { action: "course.created", target_type: "course", target_id: id, details: { code: course.code } });
  return id;
}

const enrolled = z.object({ courses: z.number(), students: z.number(), created: z.number() });
export type CohortResult = z.infer<typeof enrolled>;

/** Enrols every active student of the cohort into the semester's courses (one atomic action). */
export async function enrolCohort(supabase: SupabaseClient, cohort: { semester: string; programme: string; level: string; specialty: string | null }): Promise<CohortResult> {
  const { data, error } = await supabase.rpc("enrol_cohort", cohort);
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
  return enrolled.parse(data);
}

// ---- administration: every course of the three schools, server-paged -------------------------------
export interface AdminCourseFilters {
  search?: string;
  school?: string;
  semester?: string;
  programme?: string;
  level?: string;
  teacher?: string;
  status?: "published" | "draft";
}
const adminCourseRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  credits: z.number(),
  level_code: z.nullable(z.string()),
  is_published: z.boolean(),
  school: z.object({ slug: z.string(), name_fr: z.string(), name_en: z.string() }),
  programme: z.nullable(z.object({ slug: z.string(), name_fr: z.string(), name_en: z.string() })),
  semester: z.nullable(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() })),
  teacher: z.nullable(z.object({ id: z.string(), full_name: z.string() })),
  enrolments: z.array(z.object({ count: z.number() })),
});
export type AdminCourseRow = z.infer<typeof adminCourseRow>;
const SORTABLE: Record<string, string> = { code: "code", title: "title", credits: "credits", level: "level_code" };

function adminCourseQuery(supabase: SupabaseClient, f: AdminCourseFilters, count: "exact" | undefined, sort: { id: string; desc: boolean } | null) {
  let q = supabase
    .from("courses")
    .select(
      `id, code, title, credits, level_code, is_published, school:schools!inner(slug, name_fr, name_en),
       programme:programmes${f.programme ? "!inner" : ""}(slug, name_fr, name_en), semester:semesters(id, name_fr, name_en),
       teacher:profiles!courses_teacher_id_fkey(id, full_name), enrolments:course_enrollments(count)`,
      { count },
    )
    .eq("enrolments.status", "active");
  if (f.search) {
    const term = f.search.replace(/[%_,()]/g, " ").trim();
    if (term) q = q.or(`code.ilike.%${term}%,title.ilike.%${term}%`);
  }
  if (f.school) q = q.eq("school.slug", f.school);
  if (f.programme) q = q.eq("programme.slug", f.programme);
  if (f.semester) q = q.eq("semester_id", f.semester);
  if (f.level) q = q.eq("level_code", f.level);
  if (f.teacher) q = f.teacher === "none" ? q.is("teacher_id", null) : q.eq("teacher_id", f.teacher);
  if (f.status) q = q.eq("is_published", f.status === "published");
  const column = sort && SORTABLE[sort.id];
  return column ? q.order(column, { ascending: !sort!.desc }).order("id") : q.order("code").order("id");
}

export async function fetchAdminCourses(
  supabase: SupabaseClient,
  f: AdminCourseFilters,
  page: number,
  perPage: number,
  sort: { id: string; desc: boolean } | null,
): Promise<{ rows: AdminCourseRow[]; total: number }> {
  const from = (page - 1) * perPage;
  const { data, error, count } = await adminCourseQuery(supabase, f, "exact", sort).range(from, from + perPage - 1);
  if (error) throw new Error(error.message);
  return { rows: z.array(adminCourseRow).parse(data), total: count ?? 0 };
}

/** Every course matching the filters (CSV export and bulk actions), a thousand at a time. */
export async function fetchAllAdminCourses(supabase: SupabaseClient, f: AdminCourseFilters, sort: { id: string; desc: boolean } | null): Promise<AdminCourseRow[]> {
  const all: AdminCourseRow[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await adminCourseQuery(supabase, f, undefined, sort).range(from, from + 999);
    if (error) throw new Error(error.message);
    const rows = z.array(adminCourseRow).parse(data);
    all.push(...rows);
    if (rows.length < 1000) return all;
  }
}

export type BulkAction = { kind: "publish" } | { kind: "unpublish" } | { kind: "teacher"; teacherId: string | null } | { kind: "semester"; semesterId: string };

/** Applies one change to these courses (admins; audited). Returns how many changed. */
export async function bulkUpdateCourses(supabase: SupabaseClient, ids: string[], action: BulkAction): Promise<number> {
  if (!ids.length) return 0;
  const patch =
    action.kind === "publish"
      ? { is_published: true }
      : action.kind === "unpublish"
        ? { is_published: false }
        : action.kind === "teacher"
          ? { teacher_id: action.teacherId }
          : { semester_id: action.semesterId, teaching_unit_id: null };
  let changed = 0;
  for (let i = 0; i < ids.length; i += 200) {
    const { data, error } = await supabase
      .from("courses")
      .update(patch)
      .in("id", ids.slice(i, i + 200))
      .select("id");
    if (error) throw Object.assign(new Error(error.message), { code: error.code });
    changed += data?.length ?? 0;
  }
  await supabase.rpc("record_audit", { action: `course.bulk_${action.kind}`, target_type: "course", target_id: null, details: { count: changed, ...patch } });
  return changed;
}

// ---- administration: one course in depth ------------------------------------------------------------
const courseDetailRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  credits: z.number(),
  coefficient: z.union([z.number(), z.string()]),
  level_code: z.nullable(z.string()),
  is_published: z.boolean(),
  meeting_platform: z.nullable(z.string()),
  zoom_meeting_id: z.nullable(z.string()),
  zoom_passcode: z.nullable(z.string()),
  teams_meeting_url: z.nullable(z.string()),
  school: z.object({ name_fr: z.string(), name_en: z.string() }),
  programme: z.nullable(z.object({ name_fr: z.string(), name_en: z.string() })),
  semester: z.nullable(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() })),
  teacher: z.nullable(z.object({ id: z.string(), full_name: z.string() })),
  unit,
});
export type CourseDetail = z.infer<typeof courseDetailRow>;

export async function getCourseDetail(supabase: SupabaseClient, id: string): Promise<CourseDetail | null> {
  const { data, error } = await supabase
    .from("courses")
    .select(
      `id, code, title, description, credits, coefficient, level_code, is_published, meeting_platform, zoom_meeting_id, zoom_passcode, teams_meeting_url,
       school:schools(name_fr, name_en), programme:programmes(name_fr, name_en), semester:semesters(id, name_fr, name_en),
       teacher:profiles!courses_teacher_id_fkey(id, full_name), unit:teaching_units(code, title_fr, title_en, credits)`,
    )
    .eq("id", id)
    .maybeSingle();
  if (error) throw new Error(error.message);
  return data ? courseDetailRow.parse(data) : null;
}

const enrolmentRow = z.object({
  id: z.string(),
  status: z.enum(["pending", "active", "completed", "dropped"]),
  dropped_at: z.nullable(z.string()),
  student: z.object({ id: z.string(), full_name: z.string() }),
});
export type Enrolment = z.infer<typeof enrolmentRow>;

export async function listEnrolments(supabase: SupabaseClient, courseId: string): Promise<Enrolment[]> {
  const { data, error } = await supabase.from("course_enrollments").select("id, status, dropped_at, student:profiles!course_enrollments_user_id_fkey(id, full_name)").eq("course_id", courseId);
  if (error) throw new Error(error.message);
  return z
    .array(enrolmentRow)
    .parse(data)
    .sort((a, b) => a.student.full_name.localeCompare(b.student.full_name, "fr"));
}

/** The course's host start link (teacher and admins only), or null. */
export async function courseHostLink(supabase: SupabaseClient, courseId: string): Promise<{ id: string; start_url: string } | null> {
  const { data, error } = await supabase.from("meeting_host_links").select("id, start_url").eq("course_id", courseId).is("schedule_event_id", null).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? z.object({ id: z.string(), start_url: z.string() }).parse(data) : null;
}

export async function saveCourseHostLink(supabase: SupabaseClient, courseId: string, existingId: string | null, url: string): Promise<void> {
  const { error } = existingId
    ? await supabase.from("meeting_host_links").update({ start_url: url }).eq("id", existingId)
    : await supabase.from("meeting_host_links").insert({ course_id: courseId, start_url: url });
  if (error) throw new Error(error.message);
}

export async function addLinkMaterial(supabase: SupabaseClient, courseId: string, week: number, title: string, url: string): Promise<void> {
  const { error } = await supabase.from("course_materials").insert({ course_id: courseId, week, title, kind: "link", url });
  if (error) throw new Error(error.message);
}

export async function deleteMaterial(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("course_materials").delete().eq("id", id);
  if (error) throw new Error(error.message);
}

/** Moderation: an admin removes a review. */
export async function deleteReview(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("reviews").delete().eq("id", id);
  if (error) throw new Error(error.message);
}

// ---- material files (the teacher's uploads) -------------------------------------------------
/** Largest file the course-materials bucket takes. */
export const MATERIAL_MAX_BYTES = 50 * 1024 * 1024;

/** Uploads a file to the course's folder of the private bucket, then lists it for its week (the file is removed if listing fails). */
export async function uploadFileMaterial(supabase: SupabaseClient, courseId: string, week: number, title: string, file: File): Promise<void> {
  const safe =
    file.name
      .normalize("NFKD")
      .replace(/[^\w.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(-80) || "fichier";
  const path = `${courseId}/semaine-${String(week).padStart(2, "0")}/${crypto.randomUUID()}-${safe}`;
  const uploaded = await supabase.storage.from("course-materials").upload(path, file, { contentType: file.type || "application/octet-stream" });
  if (uploaded.error) throw new Error(uploaded.error.message);
  const { error } = await supabase.from("course_materials").insert({ course_id: courseId, week, title, kind: "file", storage_path: path });
  if (error) {
    await supabase.storage.from("course-materials").remove([path]);
    throw new Error(error.message);
  }
}

/** Removes a material and, for a file, its object in the bucket. */
export async function deleteMaterialWithFile(supabase: SupabaseClient, material: Material): Promise<void> {
  await deleteMaterial(supabase, material.id);
  if (material.storage_path) await supabase.storage.from("course-materials").remove([material.storage_path]);
}

// ---- video lessons ------------------------------------------------------------------------------
const lessonRow = z.object({ id: z.string(), position: z.number(), title: z.string(), url: z.string(), duration_minutes: z.number() });
export type VideoLesson = z.infer<typeof lessonRow>;
const progressRow = z.object({ lesson_id: z.string(), completed_at: z.nullable(z.string()) });
export type LessonProgress = z.infer<typeof progressRow>;

export async function listLessons(supabase: SupabaseClient, courseId: string): Promise<VideoLesson[]> {
  const { data, error } = await supabase.from("video_lessons").select("id, position, title, url, duration_minutes").eq("course_id", courseId).order("position");
  if (error) throw new Error(error.message);
  return z.array(lessonRow).parse(data);
}

/** The signed-in student's progress in a course's lessons. */
export async function myLessonProgress(supabase: SupabaseClient, userId: string, courseId: string): Promise<LessonProgress[]> {
  const { data, error } = await supabase.from("video_lesson_progress").select("lesson_id, completed_at").eq("user_id", userId).eq("course_id", courseId);
  if (error) throw new Error(error.message);
  return z.array(progressRow).parse(data);
}

/** Records that I opened a lesson (completed undefined), or marks it done or not done. */
export async function setLessonProgress(supabase: SupabaseClient, lessonId: string, completed?: boolean): Promise<void> {
  const { error } = await supabase.rpc("set_lesson_progress", completed === undefined ? { lesson: lessonId } : { lesson: lessonId, completed });
  if (error) throw new Error(error.message);
}

/** Adds a lesson at the end of the course's list. */
export async function addLesson(supabase: SupabaseClient, courseId: string, lesson: { title: string; url: string; duration_minutes: number }, after: number): Promise<void> {
  const { error } = await supabase.from("video_lessons").insert({ course_id: courseId, position: after + 1, ...lesson });
  if (error) throw new Error(error.message);
}

export async function deleteLesson(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("video_lessons").delete().eq("id", id);
  if (error) throw new Error(error.message);
}

/** How many of a course's students completed each lesson (the teacher's and admins' view). */
export async function lessonCompletions(supabase: SupabaseClient, courseId: string): Promise<Map<string, number>> {
  const { data, error } = await supabase.from("video_lesson_progress").select("lesson_id").eq("course_id", courseId).not("completed_at", "is", null).limit(10000);
  if (error) throw new Error(error.message);
  const counts = new Map<string, number>();
  for (const row of z.array(z.object({ lesson_id: z.string() })).parse(data)) counts.set(row.lesson_id, (counts.get(row.lesson_id) ?? 0) + 1);
  return counts;
}

// ---- extension school -------------------------------------------------------------------------
const extensionCourse = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  teacher: z.nullable(z.object({ full_name: z.string() })),
  video_lessons: z.array(z.object({ count: z.number() })),
  course_enrollments: z.array(z.object({ count: z.number() })),
});
const extensionProgramme = z.object({
  id: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  credential: z.enum(["certificate", "diploma", "mba"]),
  delivery: z.enum(["recorded", "virtual_class"]),
  duration_months: z.number(),
  courses: z.array(extensionCourse),
});
export type ExtensionProgramme = z.infer<typeof extensionProgramme>;

/** The extension programmes with their courses, lesson and student counts. */
export async function listExtensionProgrammes(supabase: SupabaseClient): Promise<ExtensionProgramme[]> {
  const { data, error } = await supabase
    .from("extension_programmes")
    .select(
      "id, name_fr, name_en, credential, delivery, duration_months, courses(id, code, title, teacher:profiles!courses_teacher_id_fkey(full_name), video_lessons(count), course_enrollments(count))",
    )
    .order("position")
    .order("name_fr");
  if (error) throw new Error(error.message);
  return z.array(extensionProgramme).parse(data);
}

// ---- course proposals (teacher/courses/new, admin/course-proposals) ----------------------------
const proposalRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  language: z.enum(["fr", "en"]),
  credits: z.number(),
  status: z.enum(["pending", "approved", "rejected"]),
  decision_note: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
  course_id: z.nullable(z.string()),
  school: z.object({ name_fr: z.string(), name_en: z.string() }),
  semester: z.nullable(z.object({ name_fr: z.string(), name_en: z.string() })),
  proposer: z.nullable(z.object({ full_name: z.string() })),
});
export type Proposal = z.infer<typeof proposalRow>;
const PROPOSAL_COLUMNS = `id, code, title, description, language, credits, status, decision_note, created_at, decided_at, course_id,
  school:schools!inner(name_fr, name_en), semester:semesters(name_fr, name_en), proposer:profiles!course_proposals_proposed_by_fkey(full_name)`;

const proposalChoicesRow = z.object({
  schools: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() })),
  semesters: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string(), is_current: z.boolean() })),
});
export async function proposalChoices(supabase: SupabaseClient): Promise<z.infer<typeof proposalChoicesRow>> {
  const [schools, semesters] = await Promise.all([
    supabase.from("schools").select("id, name_fr, name_en").order("position"),
    supabase.from("semesters").select("id, name_fr, name_en, is_current").gte("ends_on", new Date().toISOString().slice(0, 10)).order("starts_on"),
  ]);
  if (schools.error) throw new Error(schools.error.message);
  if (semesters.error) throw new Error(semesters.error.message);
  return proposalChoicesRow.parse({ schools: schools.data, semesters: semesters.data });
}

/** Proposals I may read (a teacher's own; every one for an admin), pending first then newest. */
export async function listProposals(supabase: SupabaseClient, status?: Proposal["status"]): Promise<Proposal[]> {
  let query = supabase.from("course_proposals").select(PROPOSAL_COLUMNS).order("status", { ascending: false }).order("created_at", { ascending: false }).limit(500);
  if (status) query = query.eq("status", status);
  const { data, error } = await query;
  if (error) throw new Error(error.message);
  return z.array(proposalRow).parse(data);
}

export interface NewProposal {
  code: string;
  title: string;
  description: string;
  language: "fr" | "en";
  school_id: string;
  semester_id: string | null;
  credits: number;
}
export async function proposeCourse(supabase: SupabaseClient, proposal: NewProposal): Promise<void> {
  const { error } = await supabase.from("course_proposals").insert(proposal);
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
}

export async function withdrawProposal(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("course_proposals").delete().eq("id", id);
  if (error) throw new Error(error.message);
}

/** Admins: approve (the course is created and published) or refuse with a reason. */
export async function decideProposal(supabase: SupabaseClient, id: string, approve: boolean, note: string | null): Promise<void> {
  const { error } = await supabase.rpc("decide_course_proposal", { proposal: id, approve, note });
  if (error) throw Object.assign(new Error(error.message), { code: error.code });
}
