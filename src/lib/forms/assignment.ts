// The assignment form and the files a student hands in, checked in the browser before the
// database checks them again (dates, policy, folder, clock; the bucket checks type and size).
// Messages are keys of the assignments feature's messages.
import * as z from "zod/mini";

export const assignmentFormSchema = z
  .object({
    course_id: z.string().check(z.minLength(1, "required")),
    title: z.string().check(z.trim(), z.minLength(1, "required"), z.maxLength(200, "titleTooLong")),
    instructions: z.string().check(z.maxLength(20000, "required")),
    opens_at: z.nullable(z.string()),
    due_at: z.nullable(z.string()).check(z.refine((v) => !!v, "required")),
    late_policy: z.enum(["accept", "refuse", "penalty"]),
    late_penalty_per_day: z.nullable(z.number()),
    coefficient: z.nullable(z.number()).check(z.refine((v) => v !== null && v >= 0.25 && v <= 99, "coefficientRange")),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.opens_at && v.due_at && new Date(v.due_at) <= new Date(v.opens_at)) ctx.addIssue({ code: "custom", path: ["due_at"], message: "dueBeforeOpen" });
      if (v.late_policy === "penalty" && !(v.late_penalty_per_day !== null && v.late_penalty_per_day >= 0.25 && v.late_penalty_per_day <= 20))
        ctx.addIssue({ code: "custom", path: ["late_penalty_per_day"], message: "penaltyRange" });
    }),
  );
export type AssignmentForm = z.infer<typeof assignmentFormSchema>;

/** The message key and file name of each problem; empty when every file may be sent. */
export function checkUploads(
  files: { name: string; size: number }[],
  already: number,
  accepted: Record<string, string>,
  maxBytes: number,
  maxFiles: number,
): { key: "badType" | "badSize" | "tooMany"; name: string }[] {
  const problems: { key: "badType" | "badSize" | "tooMany"; name: string }[] = [];
  if (already + files.length > maxFiles) problems.push({ key: "tooMany", name: "" });
  for (const f of files) {
    const ext = f.name.includes(".") ? f.name.slice(f.name.lastIndexOf(".") + 1).toLowerCase() : "";
    if (!accepted[ext]) problems.push({ key: "badType", name: f.name });
    else if (f.size > maxBytes) problems.push({ key: "badSize", name: f.name });
  }
  return problems;
}
