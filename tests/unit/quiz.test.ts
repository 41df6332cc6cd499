// The quiz timer (time left from the server's clock), where a quiz stands for a student,
// Douala-time window fields, and the evaluation / question forms.
import { describe, expect, it } from "vitest";
import { decimalInput, evaluationEditSchema, evaluationSchema, questionRows, questionSchema, quizSettingsSchema } from "../../src/lib/forms/evaluation.ts";
import { formatClock, fromDoualaInput, quizPhase, remainingSeconds, toDoualaInput } from "../../src/lib/quiz/timer.ts";

describe("quiz timer", () => {
  const server = new Date("2026-06-01T10:00:00Z");
  const deadline = new Date("2026-06-01T10:10:00Z");
  it("counts down from the server's time, whatever the browser's clock says", () => {
    // the browser is 3 hours off: only the time elapsed since the read counts
    const clientRead = Date.parse("2026-06-01T13:00:00Z");
    expect(remainingSeconds(deadline, server, clientRead, clientRead)).toBe(600);
    expect(remainingSeconds(deadline, server, clientRead, clientRead + 90_500)).toBe(509);
    expect(remainingSeconds(deadline, server, clientRead, clientRead + 3_600_000)).toBe(0);
    expect(remainingSeconds(null, server, clientRead, clientRead)).toBeNull();
    // a clock that jumps back never adds time
    expect(remainingSeconds(deadline, server, clientRead, clientRead - 60_000)).toBe(600);
  });
  it("formats the clock", () => {
    expect([formatClock(0), formatClock(59), formatClock(600), formatClock(3725)]).toEqual(["00:00", "00:59", "10:00", "1:02:05"]);
  });
  it("places a quiz: open, upcoming or done", () => {
    const base = { opens_at: new Date("2026-06-01T09:00:00Z"), closes_at: new Date("2026-06-02T09:00:00Z"), attempts_used: 0, max_attempts: 1, open_attempt: null };
    expect(quizPhase(base, server)).toBe("open");
    expect(quizPhase({ ...base, opens_at: new Date("2026-06-01T11:00:00Z") }, server)).toBe("upcoming");
    expect(quizPhase({ ...base, closes_at: server }, server)).toBe("done");
    expect(quizPhase({ ...base, attempts_used: 1 }, server)).toBe("done");
    expect(quizPhase({ ...base, attempts_used: 1, open_attempt: "a" }, server)).toBe("open");
  });
  it("reads and writes datetime fields in Douala time (UTC+1)", () => {
    expect(toDoualaInput(new Date("2026-06-01T23:30:00Z"))).toBe("2026-06-02T00:30");
    expect(fromDoualaInput("2026-06-02T00:30")?.toISOString()).toBe("2026-06-01T23:30:00.000Z");
    expect(fromDoualaInput("")).toBeNull();
  });
});

describe("evaluation and quiz forms", () => {
  it("checks an evaluation", () => {
    expect(evaluationSchema.safeParse({ course: "c", title: " Quiz 1 ", kind: "quiz", coefficient: 1, held_on: "" }).success).toBe(true);
    const bad = evaluationSchema.safeParse({ course: "", title: " ", kind: "lottery", coefficient: 0, held_on: "1/2/2026" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message).sort()).toEqual(["coefficientInvalid", "courseRequired", "dateInvalid", "kindRequired", "titleRequired"]);
  });
  it("checks an edited evaluation, the coefficient typed with a comma or a point", () => {
    expect(decimalInput("2,5")).toBe(2.5);
    expect(decimalInput(" 3 ")).toBe(3);
    expect(decimalInput("")).toBeNaN();
    expect(evaluationEditSchema.safeParse({ title: " Examen ", coefficient: 2.5, held_on: "" })).toMatchObject({ success: true, data: { title: "Examen" } });
    const bad = evaluationEditSchema.safeParse({ title: "", coefficient: decimalInput("0"), held_on: "15/01/2027" });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message).sort()).toEqual(["coefficientInvalid", "dateInvalid", "titleRequired"]);
  });

  it("checks the window and limits of a quiz", () => {
    const ok = { description: "", opens_at: new Date(1000), closes_at: new Date(2000), time_limit_minutes: null, max_attempts: 1, shuffle: false };
    expect(quizSettingsSchema.safeParse(ok).success).toBe(true);
    const bad = quizSettingsSchema.safeParse({ ...ok, time_limit_minutes: 0, max_attempts: 21 });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message).sort()).toEqual(["attemptsInvalid", "limitInvalid"]);
    const order = quizSettingsSchema.safeParse({ ...ok, closes_at: new Date(1000) });
    expect(order.success ? null : order.error.issues[0]).toMatchObject({ message: "windowOrder", path: ["closes_at"] });
  });
  it("checks each question type and gives the database its key", () => {
    const choice = (id: string, correct: boolean) => ({ id, label: id.toUpperCase(), correct });
    const q = { prompt: "?", points: 1, answer: "", tolerance: 0 };
    const messages = (v: unknown) => {
      const r = questionSchema.safeParse(v);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ ...q, kind: "single", choices: [choice("a", true), choice("b", true)] })).toEqual(["oneCorrect"]);
    expect(messages({ ...q, kind: "single", choices: [choice("a", true)] })).toEqual(["choicesRequired"]);
    expect(messages({ ...q, kind: "multiple", choices: [choice("a", false), choice("b", false)] })).toEqual(["someCorrect"]);
    expect(messages({ ...q, kind: "short", choices: [], answer: " \n " })).toEqual(["answerRequired"]);
    expect(messages({ ...q, kind: "numeric", choices: [], answer: "douze" })).toEqual(["numberRequired"]);
    expect(questionRows({ ...q, kind: "multiple", choices: [choice("a", true), choice("b", false), choice("c", true)] })).toEqual({
      choices: [
        { id: "a", label: "A" },
        { id: "b", label: "B" },
        { id: "c", label: "C" },
      ],
      correct: ["a", "c"],
      tolerance: 0,
    });
    expect(questionRows({ ...q, kind: "short", choices: [], answer: "SQL\n  structured query language \n" })).toEqual({ choices: [], correct: ["SQL", "structured query language"], tolerance: 0 });
    expect(questionRows({ ...q, kind: "numeric", choices: [], answer: "3,14", tolerance: 0.01 })).toEqual({ choices: [], correct: ["3.14"], tolerance: 0.01 });
  });
});
