// admin/financial-management and admin/finance forms: a new fee schedule with its
// instalments, a cash payment, a refund. The database checks the same rules
// (create_fee_schedule, record_cash_payment, refund_payment). Messages are keys of the
// pages' messages (errors section).
import * as z from "zod/mini";

/** Whole francs written with or without spaces ("150 000") → 150000; anything else → NaN. */
export const francs = (text: string): number => {
  const digits = text.replace(/[\s\u202f\u00a0]/g, "");
  return /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
};

const amount = (message: string) => z.number(message).check(z.int(message), z.gte(0, message), z.lte(999_999_999, message));
const label = z.string().check(z.trim(), z.minLength(1, "labelRequired"), z.maxLength(200, "tooLong"));

export const instalmentSchema = z.object({
  label_fr: label,
  label_en: label,
  amount_xaf: amount("amountInvalid").check(z.gt(0, "amountInvalid")),
  due_on: z.string("dueRequired").check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "dueRequired")),
});

export const feeScheduleSchema = z
  .object({
    academic_year: z.string("yearRequired").check(z.minLength(1, "yearRequired")),
    target: z.string("targetRequired").check(z.regex(/^(programme|formation|extension):[0-9a-f-]{36}$/, "targetRequired")),
    level: z.nullable(z.enum(["L1", "L2", "L3", "M1", "M2"])),
    label_fr: label,
    label_en: label,
    registration_fee_xaf: amount("amountInvalid"),
    tuition_xaf: amount("amountInvalid"),
    late_penalty_xaf: amount("amountInvalid"),
    late_grace_days: z.number("graceInvalid").check(z.int("graceInvalid"), z.gte(0, "graceInvalid"), z.lte(90, "graceInvalid")),
    published: z.boolean(),
    instalments: z.array(instalmentSchema).check(
      z.minLength(1, "instalmentsRequired"),
      z.maxLength(12, "tooMany"),
      z.refine((lines) => lines.every((l, i) => i === 0 || l.due_on >= lines[i - 1].due_on), "dueOrder"),
    ),
  })
  .check(
    z.refine((s) => s.instalments.reduce((total, l) => total + l.amount_xaf, 0) === s.tuition_xaf, { message: "sumMismatch", path: ["instalments"] }),
    z.refine((s) => s.level === null || s.target.startsWith("programme:"), { message: "levelOnlyProgramme", path: ["level"] }),
  );
export type FeeScheduleForm = z.infer<typeof feeScheduleSchema>;

export const cashSchema = z.object({
  student: z.string("studentRequired").check(z.minLength(1, "studentRequired")),
  instalment: z.nullable(z.string()),
  amount_xaf: amount("amountInvalid").check(z.gt(0, "amountInvalid")),
  cash_reference: z.string().check(z.trim(), z.minLength(2, "referenceRequired"), z.maxLength(100, "tooLong")),
});
export type CashForm = z.infer<typeof cashSchema>;

/**
 * Waiving a late penalty (admin/finance): whole francs, above zero, at most what may still
 * be waived; a reason. waive_late_penalty checks the same, and that it is the first waiver.
 */
export const penaltyWaiverSchema = (waivableXaf: number) =>
  z.object({
    amount_xaf: z.pipe(z.pipe(z.string(), z.transform(francs)), z.number("amountInvalid").check(z.int("amountInvalid"), z.gt(0, "amountInvalid"), z.lte(waivableXaf, "waiverTooHigh"))),
    reason: z.string().check(z.trim(), z.minLength(3, "reasonRequired"), z.maxLength(500, "tooLong")),
  });
export type PenaltyWaiverForm = z.infer<ReturnType<typeof penaltyWaiverSchema>>;

export const refundSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(3, "reasonRequired"), z.maxLength(500, "tooLong")),
});

/** The first message per field ("instalments.0.amount_xaf" → key), for field-level errors. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
