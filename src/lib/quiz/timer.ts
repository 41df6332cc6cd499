// The countdown of a quiz attempt. The deadline and the server's time come from the
// database (start_quiz_attempt); the browser's clock only measures the time elapsed since,
// so a wrong clock on the student's machine neither shortens nor lengthens the attempt.

/** Seconds left (never negative) at clientNow, given the server's time read at clientAtRead. */
export function remainingSeconds(deadline: Date | null, serverNow: Date, clientAtRead: number, clientNow: number): number | null {
  if (!deadline) return null;
  const elapsed = Math.max(0, clientNow - clientAtRead);
  return Math.max(0, Math.floor((deadline.getTime() - serverNow.getTime() - elapsed) / 1000));
}

/** "mm:ss", or "h:mm:ss" from an hour on. */
export function formatClock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Where a quiz stands for a student at the server's time. */
export type QuizPhase = "upcoming" | "open" | "done";
export function quizPhase(quiz: { opens_at: Date | null; closes_at: Date | null; attempts_used: number; max_attempts: number; open_attempt: string | null }, now: Date): QuizPhase {
  if (quiz.open_attempt) return "open";
  if (quiz.opens_at && quiz.opens_at > now) return "upcoming";
  if ((quiz.closes_at && quiz.closes_at <= now) || quiz.attempts_used >= quiz.max_attempts) return "done";
  return "open";
}

// Africa/Douala is UTC+1 all year (no summer time): a <input type="datetime-local"> value
// is read and written in Douala time whatever the browser's zone.
const DOUALA_OFFSET_MS = 3_600_000;
export function toDoualaInput(date: Date): string {
  return new Date(date.getTime() + DOUALA_OFFSET_MS).toISOString().slice(0, 16);
}
export function fromDoualaInput(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+01:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}
