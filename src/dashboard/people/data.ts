// People: the only file of the feature naming its tables, views, RPCs and function
// (admin-users, audit_log, security_settings, admin_students, admin_teachers, my_students,
// courses, programmes, schools). Rows are parsed at the boundary with zod.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { FunctionRefusal, invokeFunction } from "../../lib/supabase/functions.ts";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import type { RowError } from "../../lib/people/student-import.ts";

export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const LEVEL_CODES = ["L1", "L2", "L3", "M1", "M2"] as const;
export const REGISTRATION_STATUSES = ["active", "suspended", "graduated", "withdrawn"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** A refusal of the admin-users function, by code (not_admin, mfa_required, own_admin_role…). */
export class AdminUsersError extends FunctionRefusal {
  constructor(code: string, status: number) {
    super("admin-users", code, status);
  }
}

const invoke = <T>(supabase: SupabaseClient, body: Record<string, unknown>, schema: z.ZodMiniType<T>): Promise<T> =>
  invokeFunction(supabase, "admin-users", body, schema, (code, status) => new AdminUsersError(code, status));

const fail: Fail = failFor("people", []);

// ---- accounts (through the function) ------------------------------------------------------
const account = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  full_name: z.string(),
  roles: z.array(z.enum(ROLES)),
  disabled: z.boolean(),
  invited: z.boolean(),
  mfa: z.boolean(),
  created_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
});
export type Account = z.infer<typeof account>;
export interface Page<T> {
  rows: T[];
  total: number;
}

export async function listAccounts(supabase: SupabaseClient, query: { page: number; perPage: number; search?: string }): Promise<Page<Account>> {
  const result = await invoke(supabase, { action: "list", page: query.page, per_page: query.perPage, search: query.search || undefined }, z.object({ users: z.array(account), total: z.number() }));
  return { rows: result.users, total: result.total };
}

export interface NewAccount {
  full_name: string;
  email?: string;
  phone?: string;
  password?: string;
  invite: boolean;
  roles: Role[];
  /** The language of the invitation e-mail (the invitee's user metadata). */
  preferred_locale?: "fr" | "en";
}

export async function createAccount(supabase: SupabaseClient, input: NewAccount, redirectTo: string): Promise<string> {
  const result = await invoke(supabase, { action: "create", ...input, redirect_to: redirectTo }, z.object({ id: z.string() }));
  return result.id;
}

const ok = z.looseObject({ ok: z.literal(true) });

export async function setRole(supabase: SupabaseClient, userId: string, role: Role, granted: boolean): Promise<void> {
  await invoke(supabase, { action: "set_role", user_id: userId, role, granted }, ok);
}

export async function setDisabled(supabase: SupabaseClient, userId: string, disabled: boolean): Promise<void> {
  await invoke(supabase, { action: disabled ? "disable" : "enable", user_id: userId }, ok);
}

export async function sendPasswordReset(supabase: SupabaseClient, userId: string, redirectTo: string): Promise<void> {
  await invoke(supabase, { action: "reset_password", user_id: userId, redirect_to: redirectTo }, ok);
}

/** `reason`: how the admin checked the identity of the person asking (audited). */
export async function resetMfa(supabase: SupabaseClient, userId: string, reason: string): Promise<number> {
  return (await invoke(supabase, { action: "reset_mfa", user_id: userId, reason }, z.object({ removed: z.number() }))).removed;
}

const importReport = z.object({
  dry_run: z.boolean(),
  rows: z.array(z.object({ line: z.number(), full_name: z.string(), errors: z.array(z.object({ field: z.string(), code: z.string() })) })),
  valid: z.number(),
  created: z.array(z.object({ line: z.number(), id: z.string(), matricule: z.string() })),
});
export type ImportReport = Omit<z.infer<typeof importReport>, "rows"> & {
  rows: { line: number; full_name: string; errors: RowError[] }[];
};

export async function importStudents(supabase: SupabaseClient, rows: Record<string, unknown>[], dryRun: boolean): Promise<ImportReport> {
  return (await invoke(supabase, { action: "import_students", dry_run: dryRun, rows }, importReport)) as ImportReport;
}

// ---- security settings and the admin's own second factor ----------------------------------
export async function fetchRequireAdminMfa(supabase: SupabaseClient): Promise<boolean> {
  const { data, error } = await supabase.from("security_settings").select("require_admin_mfa").maybeSingle();
  if (error) fail("reading the security settings", error);
  return z.nullable(z.object({ require_admin_mfa: z.boolean() })).parse(data)?.require_admin_mfa ?? false;
}

export async function saveRequireAdminMfa(supabase: SupabaseClient, required: boolean): Promise<void> {
  const { error } = await supabase.from("security_settings").update({ require_admin_mfa: required }).eq("id", true);
  if (error) fail("saving the security settings", error);
}

export interface OwnMfa {
  required: boolean;
  hasFactor: boolean;
  aal2: boolean;
}

/** What the admin pages' banner needs: is MFA required, has this admin a factor, at aal2? */
export async function fetchOwnMfa(supabase: SupabaseClient): Promise<OwnMfa> {
  const [required, factors, aal] = await Promise.all([fetchRequireAdminMfa(supabase), supabase.auth.mfa.listFactors(), supabase.auth.mfa.getAuthenticatorAssuranceLevel()]);
  return {
    required,
    hasFactor: (factors.data?.totp ?? []).length > 0,
    aal2: aal.data?.currentLevel === "aal2",
  };
}

// ---- audit log ---------------------------------------------------------------------------
const auditRow = z.object({
  id: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.nullable(z.string()),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  actor: z.nullable(z.object({ full_name: z.string() })),
});
export type AuditEntry = z.infer<typeof auditRow>;

export async function fetchAuditLog(supabase: SupabaseClient, query: { page: number; perPage: number }): Promise<Page<AuditEntry>> {
  const from = (query.page - 1) * query.perPage;
  const { data, error, count } = await supabase
    .from("audit_log")
    .select("id, action, target_type, target_id, details, created_at, actor:profiles!audit_log_actor_id_fkey(full_name)", { count: "exact" })
    .order("created_at", { ascending: false })
    .order("id")
    .range(from, from + query.perPage - 1);
  if (error) fail("reading the audit log", error);
  return { rows: z.array(auditRow).parse(data), total: count ?? 0 };
}

/** Names of the people audit rows point at (target_type user), for the log's table. */
export async function fetchNames(supabase: SupabaseClient, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { data, error } = await supabase.from("profiles").select("id, full_name").in("id", ids);
  if (error) fail("reading names", error);
  return new Map(
    z
      .array(z.object({ id: z.string(), full_name: z.string() }))
      .parse(data)
      .map((p) => [p.id, p.full_name]),
  );
}

// ---- students ----------------------------------------------------------------------------
const studentRow = z.object({
  registration_id: z.string(),
  student_id: z.string(),
  full_name: z.string(),
  student_number: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  level_code: z.nullable(z.string()),
  academic_year: z.string(),
  programme_slug: z.nullable(z.string()),
  programme_name_fr: z.nullable(z.string()),
  programme_name_en: z.nullable(z.string()),
  school_slug: z.nullable(z.string()),
  school_name_fr: z.nullable(z.string()),
  school_name_en: z.nullable(z.string()),
  balance_xaf: z.coerce.number(),
});
export type StudentRow = z.infer<typeof studentRow>;

export interface StudentFilters {
  school?: string;
  programme?: string;
  level?: string;
  status?: string;
  search?: string;
}

/** The columns the students table sorts by, to the view's columns. */
const STUDENT_SORTS = { matricule: "student_number", name: "full_name", level: "level_code", balance: "balance_xaf" } as const;
export type StudentSort = { id: string; desc: boolean } | null;

function studentQuery(supabase: SupabaseClient, filters: StudentFilters, count?: "exact", sort: StudentSort = null) {
  let query = supabase
    .from("admin_students")
    .select(
      "registration_id, student_id, full_name, student_number, status, level_code, academic_year, programme_slug, programme_name_fr, programme_name_en, school_slug, school_name_fr, school_name_en, balance_xaf",
      count ? { count } : undefined,
    )
    .eq("is_current", true);
  if (filters.school) query = query.eq("school_slug", filters.school);
  if (filters.programme) query = query.eq("programme_slug", filters.programme);
  if (filters.level) query = query.eq("level_code", filters.level);
  if (filters.status) query = query.eq("status", filters.status);
  if (filters.search) {
    const term = filters.search.replace(/[%,()*]/g, " ").trim();
    if (term) query = query.or(`full_name.ilike.*${term}*,student_number.ilike.*${term}*`);
  }
  const column = sort && sort.id in STUDENT_SORTS ? STUDENT_SORTS[sort.id as keyof typeof STUDENT_SORTS] : "full_name";
  return query.order(column, { ascending: !sort?.desc }).order("registration_id");
}

/** This academic year's students, filtered and paged on the server. */
export async function fetchStudents(supabase: SupabaseClient, filters: StudentFilters, page: number, perPage: number, sort: StudentSort = null): Promise<Page<StudentRow>> {
  const from = (page - 1) * perPage;
  const { data, error, count } = await studentQuery(supabase, filters, "exact", sort).range(from, from + perPage - 1);
  if (error) fail("reading the students", error);
  return { rows: z.array(studentRow).parse(data), total: count ?? 0 };
}

/** Every row matching the filters (CSV export), read a thousand at a time. */
export async function fetchAllStudents(supabase: SupabaseClient, filters: StudentFilters, sort: StudentSort = null): Promise<StudentRow[]> {
  const all: StudentRow[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await studentQuery(supabase, filters, undefined, sort).range(from, from + 999);
    if (error) fail("exporting the students", error);
    const rows = z.array(studentRow).parse(data);
    all.push(...rows);
    if (rows.length < 1000) return all;
  }
}

const option = z.object({ slug: z.string(), name_fr: z.string(), name_en: z.string() });
export type CatalogueOption = z.infer<typeof option>;

export async function fetchStudentFilterOptions(supabase: SupabaseClient): Promise<{ schools: CatalogueOption[]; programmes: CatalogueOption[] }> {
  const [schools, programmes] = await Promise.all([
    supabase.from("schools").select("slug, name_fr, name_en").order("position"),
    supabase.from("programmes").select("slug, name_fr, name_en").order("name_fr"),
  ]);
  if (schools.error) fail("reading the schools", schools.error);
  if (programmes.error) fail("reading the programmes", programmes.error);
  return { schools: z.array(option).parse(schools.data), programmes: z.array(option).parse(programmes.data) };
}

// ---- teachers ----------------------------------------------------------------------------
const teacherRow = z.object({
  teacher_id: z.string(),
  full_name: z.string(),
  avatar_url: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  courses: z.array(z.object({ id: z.string(), code: z.string(), title: z.string() })),
  weekly_hours: z.coerce.number(),
});
export type TeacherRow = z.infer<typeof teacherRow>;

export async function fetchTeachers(supabase: SupabaseClient, query: { page: number; perPage: number; search?: string }): Promise<Page<TeacherRow>> {
  const from = (query.page - 1) * query.perPage;
  let request = supabase.from("admin_teachers").select("teacher_id, full_name, avatar_url, phone, courses, weekly_hours", { count: "exact" }).order("full_name").order("teacher_id");
  const term = query.search?.replace(/[%,()*]/g, " ").trim();
  if (term) request = request.ilike("full_name", `%${term}%`);
  const { data, error, count } = await request.range(from, from + query.perPage - 1);
  if (error) fail("reading the teachers", error);
  return { rows: z.array(teacherRow).parse(data), total: count ?? 0 };
}

// ---- a teacher's students ----------------------------------------------------------------
const myStudentRow = z.object({
  course_id: z.string(),
  course_code: z.string(),
  course_title: z.string(),
  student_id: z.string(),
  full_name: z.string(),
  sessions_recorded: z.number(),
  attendance_rate: z.nullable(z.coerce.number()),
  average: z.nullable(z.coerce.number()),
  marks_count: z.number(),
});
export type MyStudent = z.infer<typeof myStudentRow>;

export async function fetchMyStudents(supabase: SupabaseClient, courseId?: string): Promise<MyStudent[]> {
  let query = supabase.from("my_students").select("*").order("course_code").order("full_name");
  if (courseId) query = query.eq("course_id", courseId);
  const { data, error } = await query;
  if (error) fail("reading my students", error);
  return z.array(myStudentRow).parse(data);
}

export async function fetchMyCourses(supabase: SupabaseClient, teacherId: string): Promise<{ id: string; code: string; title: string }[]> {
  const { data, error } = await supabase.from("courses").select("id, code, title").eq("teacher_id", teacherId).order("code");
  if (error) fail("reading my courses", error);
  return z.array(z.object({ id: z.string(), code: z.string(), title: z.string() })).parse(data);
}
