// Where an assignment stands for a student, as the list shows it. The database decides
// what it takes (by its own clock); this only describes, with the page's clock.
export type AssignmentStatus = "upcoming" | "due" | "overdue" | "closed" | "submitted" | "late" | "marked";

export interface StatusInput {
  opens_at: Date | null;
  due_at: Date | null;
  late_policy: "accept" | "refuse" | "penalty";
  submission: { submitted_at: Date; graded_at: Date | null } | null;
}

export function assignmentStatus(a: StatusInput, now: Date): AssignmentStatus {
  const s = a.submission;
  if (s?.graded_at) return "marked";
  if (s) return a.due_at && s.submitted_at > a.due_at ? "late" : "submitted";
  if (a.opens_at && now < a.opens_at) return "upcoming";
  if (!a.due_at || now <= a.due_at) return "due";
  return a.late_policy === "refuse" ? "closed" : "overdue";
}

/** Whether the student may still hand in or revise (the server checks again). */
export function acceptsWork(a: StatusInput, now: Date): boolean {
  if (a.submission?.graded_at) return false;
  if (a.opens_at && now < a.opens_at) return false;
  return a.late_policy !== "refuse" || !a.due_at || now <= a.due_at;
}

/** Started days late (0 when on time), as the database counts them for the penalty. */
export function lateDays(submittedAt: Date, dueAt: Date | null): number {
  if (!dueAt || submittedAt <= dueAt) return 0;
  return Math.ceil((submittedAt.getTime() - dueAt.getTime()) / 86_400_000);
}
