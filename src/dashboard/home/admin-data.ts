// The figures an administrator checks each morning (the admin home): one head-only count
// each, in parallel. Apart from data.ts so the student's and teacher's homes do not load it.
import type { SupabaseClient } from "@supabase/supabase-js";

export interface AdminFigures {
  students: number;
  teachers: number;
  coursesThisSemester: number;
  openApplications: number;
  pendingPayments: number;
  /** Harvard Online (partner course) requests not yet decided. */
  partnerRequests: number;
  /** Online sessions of the next 7 days with no Zoom or Teams meeting, neither their own nor their course's. */
  sessionsWithoutMeeting: number;
}

/** Applications still waiting for a decision. */
export const OPEN_APPLICATION_STATUSES = ["submitted", "under_review", "documents_requested", "waitlisted"] as const;

async function count(query: PromiseLike<{ count: number | null; error: { message: string } | null }>): Promise<number> {
  const { count, error } = await query;
  if (error) throw new Error(error.message);
  return count ?? 0;
}

/** The figures of the administration's morning: one head-only count each, in parallel. */
export async function fetchAdminFigures(supabase: SupabaseClient): Promise<AdminFigures> {
  const head = { count: "exact" as const, head: true };
  const now = Date.now();
  const [students, teachers, coursesThisSemester, openApplications, pendingPayments, partnerRequests, sessionsWithoutMeeting] = await Promise.all([
    count(supabase.from("user_roles").select("user_id", head).eq("role", "student")),
    count(supabase.from("user_roles").select("user_id", head).eq("role", "teacher")),
    count(supabase.from("courses").select("id, semester:semesters!inner(is_current)", head).eq("semester.is_current", true)),
    count(
      supabase
        .from("applications")
        .select("id", head)
        .in("status", [...OPEN_APPLICATION_STATUSES]),
    ),
    count(supabase.from("payments").select("id", head).eq("status", "pending")),
    count(supabase.from("partner_course_requests").select("id", head).eq("status", "requested")),
    count(
      supabase
        .from("schedule_events")
        .select("id, course:courses!inner(zoom_meeting_id, teams_meeting_url)", head)
        .eq("is_online", true)
        .is("zoom_meeting_id", null)
        .is("teams_meeting_url", null)
        .is("course.zoom_meeting_id", null)
        .is("course.teams_meeting_url", null)
        .gte("start_time", new Date(now).toISOString())
        .lt("start_time", new Date(now + 7 * 86_400_000).toISOString()),
    ),
  ]);
  return { students, teachers, coursesThisSemester, openApplications, pendingPayments, partnerRequests, sessionsWithoutMeeting };
}
