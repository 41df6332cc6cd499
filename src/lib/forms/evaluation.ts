// teacher/evaluations/new and the quiz builder. The database checks the same rules
// (evaluations, quizzes, quiz_questions constraints in the migrations). Messages are keys
// of src/dashboard/quizzes/messages.ts (errors section).
import * as z from "zod/mini";

export const EVALUATION_KINDS = ["continuous", "exam", "resit", "quiz", "assignment", "project", "oral", "practical"] as const;
export const QUESTION_KINDS = ["single", "multiple", "true_false", "short", "numeric"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

const title = z.string().check(z.trim(), z.minLength(1, "titleRequired"), z.maxLength(200, "tooLong"));
const coefficient = z.number("coefficientInvalid").check(z.gt(0, "coefficientInvalid"), z.lte(99, "coefficientInvalid"));
const heldOn = z.string().check(z.refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "dateInvalid"));

export const evaluationSchema = z.object({
  course: z.string().check(z.minLength(1, "courseRequired")),
  title,
  kind: z.enum(EVALUATION_KINDS, "kindRequired"),
  coefficient,
  held_on: heldOn,
});
export type EvaluationForm = z.infer<typeof evaluationSchema>;

/** Editing an evaluation: its course and kind stay (a quiz or an assignment hangs on them). */
export const evaluationEditSchema = z.object({ title, coefficient, held_on: heldOn });
export type EvaluationEdit = z.infer<typeof evaluationEditSchema>;

/** A decimal typed with a comma or a point; empty is not a number. */
export function decimalInput(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value.replace(",", "."));
}

export const quizSettingsSchema = z
  .object({
    description: z.string().check(z.maxLength(20000, "tooLong")),
    opens_at: z.date("dateInvalid"),
    closes_at: z.date("dateInvalid"),
    time_limit_minutes: z.nullable(z.number("limitInvalid").check(z.int("limitInvalid"), z.gte(1, "limitInvalid"), z.lte(600, "limitInvalid"))),
    max_attempts: z.number("attemptsInvalid").check(z.int("attemptsInvalid"), z.gte(1, "attemptsInvalid"), z.lte(20, "attemptsInvalid")),
    shuffle: z.boolean(),
  })
  .check(z.refine((s) => s.closes_at > s.opens_at, { message: "windowOrder", path: ["closes_at"] }));
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

const NUMBER = /^-?\d+([.,]\d+)?$/;

/** A question as the builder edits it: choices (with the right ones ticked) or accepted answers. */
export const questionSchema = z
  .object({
    kind: z.enum(QUESTION_KINDS),
    prompt: z.string().check(z.trim(), z.minLength(1, "promptRequired"), z.maxLength(5000, "tooLong")),
    points: z.number("pointsInvalid").check(z.gt(0, "pointsInvalid"), z.lte(100, "pointsInvalid")),
    choices: z.array(z.object({ id: z.string(), label: z.string().check(z.trim(), z.maxLength(500, "tooLong")), correct: z.boolean() })),
    /** short: accepted answers, one per line; numeric: the value. */
    answer: z.string().check(z.trim(), z.maxLength(2000, "tooLong")),
    tolerance: z.number("toleranceInvalid").check(z.gte(0, "toleranceInvalid")),
  })
  .check(
    z.refine((q) => !["single", "multiple"].includes(q.kind) || (q.choices.length >= 2 && q.choices.every((c) => c.label !== "")), {
      message: "choicesRequired",
      path: ["choices"],
    }),
    z.refine((q) => !["single", "true_false"].includes(q.kind) || q.choices.filter((c) => c.correct).length === 1, { message: "oneCorrect", path: ["choices"] }),
    z.refine((q) => q.kind !== "multiple" || q.choices.some((c) => c.correct), { message: "someCorrect", path: ["choices"] }),
    z.refine((q) => q.kind !== "short" || q.answer.split("\n").some((a) => a.trim() !== ""), { message: "answerRequired", path: ["answer"] }),
    z.refine((q) => q.kind !== "numeric" || NUMBER.test(q.answer), { message: "numberRequired", path: ["answer"] }),
  );
export type QuestionForm = z.infer<typeof questionSchema>;

/** The rows the database keeps for a checked question: its choices and its answer key. */
export function questionRows(q: QuestionForm): { choices: { id: string; label: string }[]; correct: string[]; tolerance: number } {
  if (q.kind === "short")
    return {
      choices: [],
      correct: q.answer
        .split("\n")
        .map((a) => a.trim())
        .filter(Boolean),
      tolerance: 0,
    };
  if (q.kind === "numeric") return { choices: [], correct: [q.answer.replace(",", ".")], tolerance: q.tolerance };
  return { choices: q.choices.map(({ id, label }) => ({ id, label: label.trim() })), correct: q.choices.filter((c) => c.correct).map((c) => c.id), tolerance: 0 };
}
