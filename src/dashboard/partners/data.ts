// Partner courses (Harvard Online) and the students' enrolment requests: the only file of
// the feature naming tables and functions (20260701000000_partner_courses.sql). Seats are
// counted by the database (partner_course_figures); decisions go through
// decide_partner_requests, which refuses (PT409) an approval beyond the seats.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { failFor, type Fail } from "../../lib/supabase/fail.ts";
import { PARTNER_REQUEST_STATUSES, type PartnerCourseValues, type PartnerRequestStatus } from "../../lib/forms/partner-courses.ts";
import type { Page, TableQuery } from "../ui/table-query.ts";

const fail: Fail = failFor("partners", ["code", "details"]);

const courseRow = z.object({
  id: z.string(),
  partner: z.string(),
  code: z.string(),
  title: z.string(),
  language: z.enum(["fr", "en"]),
  description: z.string(),
  url: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  seats: z.number(),
  requests_open: z.boolean(),
  requests_close_on: z.nullable(z.string()),
});
const figuresRow = z.object({ partner_course_id: z.string(), approved: z.number(), waitlisted: z.number(), requested: z.number() });

export interface PartnerCourse extends z.infer<typeof courseRow> {
  approved: number;
  waitlisted: number;
  requested: number;
}

const COURSE_COLUMNS = "id, partner, code, title, language, description, url, starts_on, ends_on, seats, requests_open, requests_close_on";

/** Every partner course with its seats taken and requests waiting, soonest first. */
export async function listPartnerCourses(supabase: SupabaseClient): Promise<PartnerCourse[]> {
  const [courses, figures] = await Promise.all([supabase.from("partner_courses").select(COURSE_COLUMNS).order("starts_on").order("code"), supabase.rpc("partner_course_figures")]);
  if (courses.error) fail("reading the partner courses", courses.error);
  if (figures.error) fail("counting the seats", figures.error);
  const counts = new Map(
    z
      .array(figuresRow)
      .parse(figures.data)
      .map((f) => [f.partner_course_id, f]),
  );
  return z
    .array(courseRow)
    .parse(courses.data)
    .map((c) => ({ ...c, approved: 0, waitlisted: 0, requested: 0, ...counts.get(c.id) }));
}

/** Whether a course takes requests on a Douala day (the rule the database applies). */
export function isOpen(course: Pick<PartnerCourse, "requests_open" | "requests_close_on" | "ends_on">, today: string): boolean {
  return course.requests_open && (course.requests_close_on === null || today <= course.requests_close_on) && today <= course.ends_on;
}

export async function savePartnerCourse(supabase: SupabaseClient, id: string | null, values: PartnerCourseValues): Promise<void> {
  const row = { ...values, requests_close_on: values.requests_close_on || null };
  const { error } = id ? await supabase.from("partner_courses").update(row).eq("id", id) : await supabase.from("partner_courses").insert(row);
  if (error) fail("saving a partner course", error);
}

export async function setPartnerCourseOpen(supabase: SupabaseClient, id: string, open: boolean): Promise<void> {
  const { error } = await supabase.from("partner_courses").update({ requests_open: open }).eq("id", id);
  if (error) fail("opening or closing a partner course", error);
}

// ---- requests (admins) --------------------------------------------------------------------
const requestRow = z.object({
  id: z.string(),
  partner_course_id: z.string(),
  student_id: z.string(),
  motivation: z.string(),
  status: z.enum(PARTNER_REQUEST_STATUSES),
  rejection_reason: z.nullable(z.string()),
  decided_at: z.nullable(z.string()),
  created_at: z.string(),
  student: z.nullable(z.object({ full_name: z.string() })),
  course: z.object({ code: z.string(), title: z.string(), seats: z.number() }),
});
export type PartnerRequest = z.infer<typeof requestRow>;

export interface RequestFilters {
  course?: string;
  status?: string;
}

const SORTS: Record<string, string> = { created: "created_at", status: "status" };

function requestQuery(supabase: SupabaseClient, filters: RequestFilters, query: Pick<TableQuery, "sort">, count?: "exact") {
  let q = supabase
    .from("partner_course_requests")
    .select(
      "id, partner_course_id, student_id, motivation, status, rejection_reason, decided_at, created_at, student:profiles!partner_course_requests_student_id_fkey(full_name), course:partner_courses(code, title, seats)",
      count ? { count } : undefined,
    );
  if (filters.course) q = q.eq("partner_course_id", filters.course);
  if (filters.status && (PARTNER_REQUEST_STATUSES as readonly string[]).includes(filters.status)) q = q.eq("status", filters.status);
  const sort = query.sort && SORTS[query.sort.id];
  return (sort ? q.order(sort, { ascending: !query.sort!.desc }) : q).order("created_at").order("id");
}

/** One page of the queue, oldest request first unless sorted otherwise. */
export async function fetchRequestsPage(supabase: SupabaseClient, query: TableQuery): Promise<Page<PartnerRequest>> {
  const from = (query.page - 1) * query.pageSize;
  const { data, error, count } = await requestQuery(supabase, query.filters, query, "exact").range(from, from + query.pageSize - 1);
  if (error) fail("reading the requests", error);
  return { rows: z.array(requestRow).parse(data), count: count ?? 0 };
}

/** Every request matching the filters (CSV export), a thousand at a time. */
export async function fetchAllRequests(supabase: SupabaseClient, query: TableQuery): Promise<PartnerRequest[]> {
  const all: PartnerRequest[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await requestQuery(supabase, query.filters, query).range(from, from + 999);
    if (error) fail("exporting the requests", error);
    const rows = z.array(requestRow).parse(data);
    all.push(...rows);
    if (rows.length < 1000) return all;
  }
}

/** The course had no seat left for an approval: nothing was changed. */
export class SeatsFullError extends Error {
  readonly seats: number;
  readonly taken: number;
  constructor(seats: number, taken: number) {
    super("partner course full");
    this.seats = seats;
    this.taken = taken;
  }
}

/** Approves, waitlists or rejects (with a reason) requests, all or none; how many changed. */
export async function decideRequests(supabase: SupabaseClient, ids: string[], decision: "approved" | "waitlisted" | "rejected", reason?: string): Promise<number> {
  const { data, error } = await supabase.rpc("decide_partner_requests", { request_ids: ids, decision, reason: reason ?? null });
  if (error?.code === "PT409") {
    const detail = z.safeParse(z.object({ seats: z.number(), taken: z.number() }), JSON.parse(error.details || "{}"));
    throw new SeatsFullError(detail.success ? detail.data.seats : 0, detail.success ? detail.data.taken : 0);
  }
  if (error) fail("deciding requests", error);
  return z.number().parse(data);
}

// ---- requests (the student) -----------------------------------------------------------------
const myRequestRow = z.object({
  id: z.string(),
  partner_course_id: z.string(),
  status: z.enum(PARTNER_REQUEST_STATUSES),
  rejection_reason: z.nullable(z.string()),
  created_at: z.string(),
});
export type MyRequest = z.infer<typeof myRequestRow>;

/** The signed-in student's requests (RLS shows no one else's). */
export async function listMyRequests(supabase: SupabaseClient): Promise<MyRequest[]> {
  const { data, error } = await supabase.from("partner_course_requests").select("id, partner_course_id, status, rejection_reason, created_at").order("created_at");
  if (error) fail("reading my requests", error);
  return z.array(myRequestRow).parse(data);
}

/** Why the database refused a request, as a key of the feature's messages. */
export type RequestRefusal = "closed" | "duplicate" | "notRegistered" | null;

export async function requestSeat(supabase: SupabaseClient, courseId: string, motivation: string): Promise<void> {
  const { error } = await supabase.from("partner_course_requests").insert({ partner_course_id: courseId, motivation });
  if (error) fail("requesting a seat", error);
}

export function refusalOf(error: unknown): RequestRefusal {
  const { code, message } = error as { code?: string; message?: string };
  if (code === "23505") return "duplicate";
  if (code === "22023" && message?.includes("closed")) return "closed";
  if (code === "42501" && message?.includes("registered")) return "notRegistered";
  return null;
}

export async function withdrawRequest(supabase: SupabaseClient, id: string): Promise<void> {
  const { error } = await supabase
    .from("partner_course_requests")
    .update({ status: "withdrawn" satisfies PartnerRequestStatus })
    .eq("id", id);
  if (error) fail("withdrawing a request", error);
}
