// Admissions in the signed-in application: the applicant's own files, the reviewers'
// queues and files, decisions and admission. The only file of the feature naming tables,
// buckets and functions; rows are parsed at the boundary (zod/mini).
import * as z from "zod/mini";
import { throwIfError } from "../../lib/supabase/fail.ts";
import { instant } from "../../lib/supabase/columns.ts";
import type { SupabaseClient } from "@supabase/supabase-js";
import { APPLICATION_STATUSES, documentPath, documentType, type Decision, type DocumentKind } from "../../lib/admissions/rules.ts";
import { pageRange, type TableQuery } from "../ui/table-query.ts";

const BUCKET = "application-documents";
const status = z.enum(APPLICATION_STATUSES);
const names = z.nullable(z.object({ name_fr: z.string(), name_en: z.string() }));

const applicationRow = z.object({
  id: z.string(),
  kind: z.string(),
  status,
  full_name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  country: z.string(),
  city: z.nullable(z.string()),
  birth_date: z.nullable(z.string()),
  level_code: z.nullable(z.string()),
  study_mode: z.nullable(z.string()),
  motivation: z.string(),
  details: z.record(z.string(), z.unknown()),
  fee_xaf: z.nullable(z.number()),
  fee_paid_at: z.nullable(instant),
  decision_reason: z.nullable(z.string()),
  submitted_at: instant,
  updated_at: instant,
  applicant_id: z.nullable(z.string()),
  programme_id: z.nullable(z.string()),
  specialty_id: z.nullable(z.string()),
  admitted_programme_id: z.nullable(z.string()),
  admitted_level_code: z.nullable(z.string()),
  admitted_specialty_id: z.nullable(z.string()),
  programme: names,
  formation: names,
  extension: names,
});
export type Application = z.infer<typeof applicationRow>;

const APPLICATION_SELECT =
  "id, kind, status, full_name, email, phone, country, city, birth_date, level_code, study_mode, motivation, details, fee_xaf, fee_paid_at, decision_reason, submitted_at, updated_at, applicant_id, " +
  "programme_id, specialty_id, admitted_programme_id, admitted_level_code, admitted_specialty_id, " +
  "programme:programmes!applications_programme_id_fkey(name_fr, name_en), formation:professional_formations!applications_professional_formation_id_fkey(name_fr, name_en), " +
  "extension:extension_programmes!applications_extension_programme_id_fkey(name_fr, name_en)";

const historyRow = z.object({ id: z.string(), from_status: z.nullable(z.string()), to_status: status, note: z.nullable(z.string()), changed_at: instant, actor_id: z.nullable(z.string()) });
export type HistoryEntry = z.infer<typeof historyRow>;

const documentRow = z.object({ id: z.string(), kind: z.string(), file_name: z.string(), storage_path: z.string(), mime_type: z.string(), size_bytes: z.number(), created_at: instant });
export type ApplicationDocument = z.infer<typeof documentRow>;

const requestRow = z.object({ id: z.string(), kind: z.string(), message: z.string(), created_at: instant, fulfilled_at: z.nullable(instant) });
export type DocumentRequest = z.infer<typeof requestRow>;

const commentRow = z.object({ id: z.string(), body: z.string(), created_at: instant, author: z.nullable(z.object({ full_name: z.string() })) });
export type Comment = z.infer<typeof commentRow>;

/** The target's name in the page's language. */
export function targetName(app: Pick<Application, "programme" | "formation" | "extension">, locale: "fr" | "en"): string {
  const t = app.programme ?? app.formation ?? app.extension;
  return t ? (locale === "en" ? t.name_en : t.name_fr) : "—";
}

// ---- the applicant ---------------------------------------------------------------------------

export interface MyApplication extends Application {
  history: HistoryEntry[];
  documents: ApplicationDocument[];
  requests: DocumentRequest[];
}

export async function fetchMyApplications(supabase: SupabaseClient, userId: string): Promise<MyApplication[]> {
  const { data, error } = await supabase
    .from("applications")
    .select(
      `${APPLICATION_SELECT}, history:application_status_history!application_status_history_application_id_fkey(id, from_status, to_status, note, changed_at, actor_id), documents:application_documents!application_documents_application_id_fkey(id, kind, file_name, storage_path, mime_type, size_bytes, created_at), requests:application_document_requests!application_document_requests_application_id_fkey(id, kind, message, created_at, fulfilled_at)`,
    )
    .eq("applicant_id", userId)
    .order("updated_at", { ascending: false });
  throwIfError(error);
  const rows = z.array(z.object({ ...applicationRow.shape, history: z.array(historyRow), documents: z.array(documentRow), requests: z.array(requestRow) })).parse(data);
  return rows.map((r) => ({ ...r, history: [...r.history].sort((a, b) => a.changed_at.localeCompare(b.changed_at)) }));
}

export async function withdrawApplication(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase.from("applications").update({ status: "withdrawn" }).eq("id", id);
  throwIfError(error);
}

/** A requested document: into the private bucket, then its row (which fulfils the request). */
export async function uploadRequestedDocument(supabase: SupabaseClient, userId: string, applicationId: string, kind: DocumentKind, file: File, requestId: string) {
  const type = documentType(file.name, file.type);
  if (!type) throw Object.assign(new Error("file type"), { code: "fileType" });
  const path = documentPath(userId, applicationId, file.name);
  const stored = await supabase.storage.from(BUCKET).upload(path, file, { contentType: type });
  throwIfError(stored.error ? { message: stored.error.message } : null);
  const { error } = await supabase.from("application_documents").insert({
    application_id: applicationId,
    kind,
    storage_path: path,
    file_name: file.name.slice(-255),
    mime_type: type,
    size_bytes: file.size,
    request_id: requestId,
  });
  if (error) await supabase.storage.from(BUCKET).remove([path]);
  throwIfError(error);
}

/** A document of the private bucket as a blob: URL, retyped as the PDF or image the file row says it is (shown inline: image, or the browser's PDF viewer). */
export async function documentUrl(supabase: SupabaseClient, path: string, mimeType?: string): Promise<string> {
  const { data, error } = await supabase.storage.from(BUCKET).download(path);
  throwIfError(error ? { message: error.message } : null);
  return URL.createObjectURL(mimeType ? new Blob([data!], { type: mimeType }) : data!);
}

// ---- reviewers -------------------------------------------------------------------------------

export interface QueueFilters {
  school?: string;
  status?: string;
  nationality?: string;
  from?: string;
  to?: string;
  search?: string;
}

export const SCHOOL_KINDS = ["general", "professional", "extension"] as const;

function queue(supabase: SupabaseClient, international: boolean, filters: QueueFilters, count: boolean) {
  let request = supabase
    .from("applications")
    .select(APPLICATION_SELECT, count ? { count: "exact" } : undefined)
    .neq("status", "draft");
  request = international ? request.or("country.neq.CM,kind.eq.international") : request.eq("country", "CM").neq("kind", "international");
  if (filters.school) request = request.eq("kind", filters.school);
  if (filters.status) request = request.eq("status", filters.status);
  if (filters.nationality) request = request.eq("country", filters.nationality.toUpperCase());
  if (filters.from) request = request.gte("submitted_at", filters.from);
  if (filters.to) request = request.lte("submitted_at", `${filters.to}T23:59:59`);
  if (filters.search) request = request.ilike("full_name", `%${filters.search.replace(/[%_,()]/g, " ")}%`);
  return request;
}

const SORTS: Record<string, string> = { date: "submitted_at", name: "full_name", status: "status" };

export async function fetchQueue(supabase: SupabaseClient, international: boolean, query: TableQuery) {
  const [from, to] = pageRange(query);
  const { data, error, count } = await queue(supabase, international, query.filters, true)
    .order(SORTS[query.sort?.id ?? "date"] ?? "submitted_at", { ascending: !(query.sort?.desc ?? true) })
    .range(from, to);
  throwIfError(error);
  return { rows: z.array(applicationRow).parse(data), total: count ?? 0 };
}

export async function fetchWholeQueue(supabase: SupabaseClient, international: boolean, filters: QueueFilters): Promise<Application[]> {
  const { data, error } = await queue(supabase, international, filters, false).order("submitted_at", { ascending: false }).limit(5000);
  throwIfError(error);
  return z.array(applicationRow).parse(data);
}

const countRow = z.object({ target_id: z.nullable(z.string()), target_fr: z.string(), target_en: z.string(), status, n: z.number() });
export type CountRow = z.infer<typeof countRow>;

export async function fetchCounts(supabase: SupabaseClient, international: boolean): Promise<CountRow[]> {
  const { data, error } = await supabase.rpc("application_counts", { international });
  throwIfError(error);
  return z.array(countRow).parse(data);
}

export interface ApplicationFile {
  application: Application;
  history: HistoryEntry[];
  documents: ApplicationDocument[];
  requests: DocumentRequest[];
  comments: Comment[];
}

export async function fetchFile(supabase: SupabaseClient, id: string): Promise<ApplicationFile> {
  const [app, history, documents, requests, comments] = await Promise.all([
    supabase.from("applications").select(APPLICATION_SELECT).eq("id", id).maybeSingle(),
    supabase.from("application_status_history").select("id, from_status, to_status, note, changed_at, actor_id").eq("application_id", id).order("changed_at"),
    supabase.from("application_documents").select("id, kind, file_name, storage_path, mime_type, size_bytes, created_at").eq("application_id", id).order("created_at"),
    supabase.from("application_document_requests").select("id, kind, message, created_at, fulfilled_at").eq("application_id", id).order("created_at"),
    supabase.from("application_comments").select("id, body, created_at, author:profiles!application_comments_author_id_fkey(full_name)").eq("application_id", id).order("created_at"),
  ]);
  for (const r of [app, history, documents, requests, comments]) throwIfError(r.error);
  if (!app.data) throw Object.assign(new Error("not found"), { code: "PGRST116" });
  return {
    application: applicationRow.parse(app.data),
    history: z.array(historyRow).parse(history.data),
    documents: z.array(documentRow).parse(documents.data),
    requests: z.array(requestRow).parse(requests.data),
    comments: z.array(commentRow).parse(comments.data),
  };
}

export async function addComment(supabase: SupabaseClient, applicationId: string, body: string): Promise<void> {
  const { error } = await supabase.from("application_comments").insert({ application_id: applicationId, body });
  throwIfError(error);
}

export async function requestDocument(supabase: SupabaseClient, applicationId: string, kind: DocumentKind, note: string): Promise<void> {
  const { error } = await supabase.rpc("request_application_document", { application: applicationId, document_kind: kind, note });
  throwIfError(error);
}

/** What one accepted file is admitted to (else the applicant's choice). */
export interface AdmissionTarget {
  programme: string;
  level: string;
  specialty: string | null;
}

export async function decide(supabase: SupabaseClient, ids: string[], decision: Decision, reason: string, target?: AdmissionTarget): Promise<number> {
  const { data, error } = await supabase.rpc("decide_applications", {
    applications: ids,
    decision,
    reason: reason || null,
    ...(target && decision === "admitted" ? { programme: target.programme, level: target.level, specialty: target.specialty } : {}),
  });
  throwIfError(error);
  return Number(data);
}

// ---- admission -------------------------------------------------------------------------------

export async function fetchAccepted(supabase: SupabaseClient, query: TableQuery) {
  const [from, to] = pageRange(query);
  const statuses = query.filters.status ? [query.filters.status] : ["admitted", "enrolled"];
  const { data, error, count } = await supabase.from("applications").select(APPLICATION_SELECT, { count: "exact" }).in("status", statuses).order("updated_at", { ascending: false }).range(from, to);
  throwIfError(error);
  return { rows: z.array(applicationRow).parse(data), total: count ?? 0 };
}

const admitted = z.object({ matricule: z.string(), student_id: z.string(), already: z.boolean(), courses: z.optional(z.nullable(z.number())) });

/** How many current-semester courses registering this accepted file brings (0: none exist yet). */
export async function admissionCourseCount(supabase: SupabaseClient, applicationId: string): Promise<number> {
  const { data, error } = await supabase.rpc("admission_course_count", { application: applicationId });
  throwIfError(error);
  return z.number().parse(data);
}

const archivedAt = z.nullable(z.string());
const targetProgramme = z.object({
  id: z.string(),
  name_fr: z.string(),
  name_en: z.string(),
  degree: z.enum(["licence", "master", "licence-master"]),
  archived_at: archivedAt,
  specialties: z.array(z.object({ id: z.string(), name_fr: z.string(), name_en: z.string(), archived_at: archivedAt, levels: z.array(z.object({ level_code: z.string() })) })),
});
export type TargetProgramme = z.infer<typeof targetProgramme>;

/**
 * The programmes a reviewer may admit to, with their specialties and the levels each opens.
 * An archived one (gone from the catalogue) takes no new students, unless it is what this
 * application asked for (the database refuses the rest too).
 */
export async function fetchAdmissionTargets(supabase: SupabaseClient, asked: { programme: string | null; specialty: string | null }): Promise<TargetProgramme[]> {
  const { data, error } = await supabase
    .from("programmes")
    .select(
      "id, name_fr, name_en, degree, archived_at, specialties:specialties!specialties_programme_id_fkey(id, name_fr, name_en, archived_at, levels:specialty_levels!specialty_levels_specialty_id_fkey(level_code))",
    )
    .order("position")
    .order("name_fr");
  throwIfError(error);
  return z
    .array(targetProgramme)
    .parse(data)
    .filter((p) => !p.archived_at || p.id === asked.programme)
    .map((p) => ({ ...p, specialties: p.specialties.filter((s) => !s.archived_at || s.id === asked.specialty) }));
}

const names2 = z.nullable(z.object({ name_fr: z.string(), name_en: z.string() }));
const nextSteps = z.nullable(
  z.object({
    programme: names2,
    specialty: names2,
    level: z.nullable(z.string()),
    asked_level: z.nullable(z.string()),
    starts_on: z.nullable(z.string()),
    current_semester_starts_on: z.nullable(z.string()),
    registration: z.nullable(z.object({ matricule: z.string(), registered_on: z.string() })),
    fees: z.nullable(
      z.object({
        registration_fee_xaf: z.number(),
        tuition_xaf: z.number(),
        grace_days: z.number(),
        instalments: z.array(z.object({ label_fr: z.string(), label_en: z.string(), amount_xaf: z.number(), scheduled_on: z.string(), due_on: z.string() })),
      }),
    ),
  }),
);
export type NextSteps = NonNullable<z.infer<typeof nextSteps>>;

/** The accepted applicant's next steps (null before acceptance). */
export async function fetchNextSteps(supabase: SupabaseClient, applicationId: string): Promise<NextSteps | null> {
  const { data, error } = await supabase.rpc("admission_next_steps", { application: applicationId });
  throwIfError(error);
  return nextSteps.parse(data);
}

export async function admit(supabase: SupabaseClient, applicationId: string) {
  const { data, error } = await supabase.rpc("admit_application", { application: applicationId });
  throwIfError(error);
  return admitted.parse(data);
}

const registrationRow = z.object({ application_id: z.nullable(z.string()), student_number: z.string() });

/** The matricules of the registrations that came from these applications. */
export async function fetchMatricules(supabase: SupabaseClient, applicationIds: string[]): Promise<Record<string, string>> {
  if (!applicationIds.length) return {};
  const { data, error } = await supabase.from("student_registrations").select("application_id, student_number").in("application_id", applicationIds);
  throwIfError(error);
  return Object.fromEntries(
    z
      .array(registrationRow)
      .parse(data)
      .map((r) => [r.application_id ?? "", r.student_number]),
  );
}

/** The registration each enrolled application led to (its certificate of enrolment is issued from it). */
export async function fetchRegistrationIds(supabase: SupabaseClient, applicationIds: string[]): Promise<Record<string, string>> {
  if (!applicationIds.length) return {};
  const { data, error } = await supabase.from("student_registrations").select("id, application_id").in("application_id", applicationIds);
  throwIfError(error);
  return Object.fromEntries(
    z
      .array(z.object({ id: z.string(), application_id: z.nullable(z.string()) }))
      .parse(data)
      .map((r) => [r.application_id ?? "", r.id]),
  );
}

const myCourseRow = z.object({ course: z.nullable(z.object({ code: z.string(), title: z.string() })) });

/** The courses a newly registered student was enrolled in (shown on its tracking page). */
export async function fetchMyCourses(supabase: SupabaseClient, userId: string): Promise<{ code: string; title: string }[]> {
  const { data, error } = await supabase.from("course_enrollments").select("course:courses!course_enrollments_course_id_fkey(code, title)").eq("user_id", userId).eq("status", "active");
  throwIfError(error);
  return z
    .array(myCourseRow)
    .parse(data)
    .flatMap((r) => (r.course ? [r.course] : []))
    .sort((a, b) => a.code.localeCompare(b.code));
}

/** Pays the application fee by mobile money (the application-fee function opens the payment). */
export async function payApplicationFee(supabase: SupabaseClient, applicationId: string, channel: "mtn_momo" | "orange_money", phone: string) {
  const { data, error } = await supabase.functions.invoke("application-fee", { body: { application_id: applicationId, channel, phone } });
  if (error) {
    const body = await (error as { context?: Response }).context?.json().catch(() => null);
    throw Object.assign(new Error(String(body?.error ?? error.message)), { code: String(body?.error ?? "") });
  }
  return z.object({ id: z.string(), status: z.string() }).parse(data);
}

// ---------------------------------------------------------------------------------
// Re-registration of continuing students, and certificates of enrolment.
const yearRow = z.object({ id: z.string(), label: z.string(), starts_on: z.string(), is_current: z.boolean() });
export type AcademicYear = z.infer<typeof yearRow>;
const programmeRow = z.object({ id: z.string(), name_fr: z.string(), name_en: z.string() });
export type Programme = z.infer<typeof programmeRow>;

export async function fetchYearsAndProgrammes(supabase: SupabaseClient): Promise<{ years: AcademicYear[]; programmes: Programme[] }> {
  const [years, programmes] = await Promise.all([
    supabase.from("academic_years").select("id, label, starts_on, is_current").order("starts_on"),
    supabase.from("programmes").select("id, name_fr, name_en").order("position").order("name_fr"),
  ]);
  throwIfError(years.error);
  throwIfError(programmes.error);
  return { years: z.array(yearRow).parse(years.data), programmes: z.array(programmeRow).parse(programmes.data) };
}

export const OUTCOMES = ["progress", "repeat", "undecided"] as const;
export type Outcome = (typeof OUTCOMES)[number];
const candidateRow = z.object({
  student_id: z.string(),
  full_name: z.string(),
  student_number: z.string(),
  status: z.string(),
  outcome: z.enum(OUTCOMES),
  credits_earned: z.number(),
  credits_total: z.number(),
  proposed_level: z.nullable(z.string()),
  target_level: z.nullable(z.string()),
  target_registration_id: z.nullable(z.string()),
  total: z.coerce.number(),
});
export type Candidate = z.infer<typeof candidateRow>;
export interface Cohort {
  programme: string;
  level: string;
  year: string;
  target_year: string;
}

export async function fetchCandidates(supabase: SupabaseClient, cohort: Cohort, query: TableQuery) {
  const [from, to] = pageRange(query);
  const { data, error } = await supabase.rpc("reregistration_candidates", { ...cohort, page_offset: from, page_size: to - from + 1 });
  throwIfError(error);
  const rows = z.array(candidateRow).parse(data);
  return { rows, total: rows[0]?.total ?? 0 };
}

const outcomeRow = z.object({ student_id: z.string(), ok: z.boolean(), level_code: z.nullable(z.string()), outcome: z.nullable(z.string()), error: z.nullable(z.string()) });
export type ReregistrationOutcome = z.infer<typeof outcomeRow>;

/** The chosen students of a cohort (all of it when none is given), one outcome each. */
export async function reregisterCohort(supabase: SupabaseClient, cohort: Cohort, students: string[] | null): Promise<ReregistrationOutcome[]> {
  const { data, error } = await supabase.rpc("reregister_cohort", { ...cohort, students });
  throwIfError(error);
  return z.array(outcomeRow).parse(data);
}

/** One student at the same level, with the reason the admin gives. */
export async function reregisterSameLevel(supabase: SupabaseClient, student: string, targetYear: string, reason: string): Promise<string> {
  const { data, error } = await supabase.rpc("reregister_student", { student, target_year: targetYear, same_level: true, reason });
  throwIfError(error);
  return z.object({ level_code: z.string() }).parse(data).level_code;
}
