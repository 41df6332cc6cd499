// Evaluations and quizzes (issue 12 §1, §3) against a real stack, signed in as each role:
// a student reads questions only through its open attempt within its time, never the key
// before the window closes, cannot submit late (server clock) nor touch another's attempt;
// a teacher acts on its own courses only; marking per question type; the mark reaches the
// gradebook and the results are shown once released.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../fixtures/stack.ts";
import { buildWorld, IDS, type World } from "../fixtures/rls-world.ts";

const stack = useLocalStack();
let w: World;
let evaluation: string;
let quiz: string;
const q: Record<"single" | "multiple" | "tf" | "short" | "numeric", string> = { single: "", multiple: "", tf: "", short: "", numeric: "" };

const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) => stack().sql<T>(query, params);

beforeAll(async () => {
  w = await buildWorld(stack());
  const teacher = w.clients.teacherA;
  const created = await teacher.rpc("create_evaluation", { course: w.courseA, title: "Quiz intégration", kind: "quiz", coefficient: 1 });
  expect(created.error).toBeNull();
  ({ evaluation_id: evaluation, quiz_id: quiz } = created.data[0]);
  const questions = [
    [
      "single",
      "Capitale du Cameroun ?",
      "single",
      [
        { id: "a", label: "Douala" },
        { id: "b", label: "Yaoundé" },
      ],
      1,
      ["b"],
      0,
    ],
    [
      "multiple",
      "Nombres pairs ?",
      "multiple",
      [
        { id: "a", label: "2" },
        { id: "b", label: "3" },
        { id: "c", label: "4" },
      ],
      2,
      ["a", "c"],
      0,
    ],
    [
      "tf",
      "La Terre est plate.",
      "true_false",
      [
        { id: "true", label: "Vrai" },
        { id: "false", label: "Faux" },
      ],
      1,
      ["false"],
      0,
    ],
    ["short", "Langage des requêtes ?", "short", [], 1, ["SQL", "structured query language"], 0],
    ["numeric", "Valeur de pi ?", "numeric", [], 1, ["3.14"], 0.01],
  ] as const;
  for (const [i, [name, prompt, kind, choices, points, correct, tolerance]] of questions.entries()) {
    const { data, error } = await teacher
      .from("quiz_questions")
      .insert({ quiz_id: quiz, position: i + 1, prompt, kind, choices, points })
      .select("id")
      .single();
    expect(error).toBeNull();
    q[name] = data!.id;
    expect((await teacher.from("quiz_answer_keys").insert({ question_id: data!.id, correct, tolerance })).error).toBeNull();
  }
  const published = await teacher
    .from("quizzes")
    .update({ is_published: true, opens_at: new Date(Date.now() - 60_000).toISOString(), closes_at: new Date(Date.now() + 3_600_000).toISOString(), time_limit_minutes: 10, max_attempts: 3 })
    .eq("id", quiz);
  expect(published.error).toBeNull();
}, 120_000);

describe("quiz security", () => {
  it("the teacher acts on its own courses only", async () => {
    const mine = await w.clients.teacherA.from("teacher_evaluations").select("id, kind, status, quiz_id").eq("id", evaluation);
    expect(mine.data).toEqual([{ id: evaluation, kind: "quiz", status: "marking", quiz_id: quiz }]);
    expect((await w.clients.teacherB.from("teacher_evaluations").select("id").eq("id", evaluation)).data).toEqual([]);
    expect((await w.clients.teacherB.rpc("create_evaluation", { course: w.courseA, title: "Intrus", kind: "exam", coefficient: 1 })).error).not.toBeNull();
    expect((await w.clients.teacherB.from("quiz_questions").select("id").eq("quiz_id", quiz)).data).toEqual([]);
    expect((await w.clients.teacherB.rpc("release_quiz_results", { quiz })).error?.code).toBe("42501");
    // a quiz hangs on a quiz evaluation of its own course only
    const wrong = await w.clients.teacherA.from("quizzes").insert({ course_id: w.courseA, title: "X", evaluation_id: w.evaluationDraft });
    expect(wrong.error).not.toBeNull();
    // the database refuses a kind it does not know
    expect((await w.clients.teacherA.rpc("create_evaluation", { course: w.courseA, title: "X", kind: "lottery", coefficient: 1 })).error).not.toBeNull();
  });

  it("a student reads questions only through its open attempt, never the key, and resumes the same attempt", async () => {
    const student = w.clients.studentA;
    expect((await student.from("quiz_questions").select("id").eq("quiz_id", quiz)).data).toEqual([]);
    expect((await student.from("quiz_answer_keys").select("question_id").in("question_id", Object.values(q))).data).toEqual([]);
    const started = await student.rpc("start_quiz_attempt", { quiz });
    expect(started.error).toBeNull();
    const attempt = started.data[0].attempt_id as string;
    const deadline = new Date(started.data[0].deadline).getTime() - new Date(started.data[0].started_at).getTime();
    expect(deadline).toBe(10 * 60_000);
    const questions = await student.rpc("quiz_attempt_questions", { attempt });
    expect(questions.error).toBeNull();
    expect(questions.data).toHaveLength(5);
    expect(Object.keys(questions.data[0]).sort()).toEqual(["answer", "choices", "id", "kind", "points", "prompt", "question_position"]);
    // another student reads nothing of it, nor writes into it
    expect((await w.clients.studentB.rpc("quiz_attempt_questions", { attempt })).error?.code).toBe("42501");
    expect((await w.clients.studentB.rpc("save_quiz_answer", { attempt, question: q.single, answer: ["a"] })).error?.code).toBe("42501");
    expect((await w.clients.studentB.from("quiz_attempts").select("id").eq("id", attempt)).data).toEqual([]);
    expect((await w.clients.studentB.rpc("submit_quiz_attempt", { attempt })).error?.code).toBe("42501");
    // answers saved one by one; a question of another quiz is refused; a bad answer too
    for (const [question, answer] of [
      [q.single, ["b"]],
      [q.multiple, ["a"]],
      [q.tf, ["false"]],
      [q.short, ["  sql "]],
      [q.numeric, ["3,141"]],
    ] as const) {
      expect((await student.rpc("save_quiz_answer", { attempt, question, answer })).error).toBeNull();
    }
    expect((await student.rpc("save_quiz_answer", { attempt, question: w.spareQuestion, answer: ["a"] })).error?.code).toBe("42501");
    expect((await student.rpc("save_quiz_answer", { attempt, question: q.single, answer: [1] })).error?.code).toBe("22023");
    // shuffled per attempt: the same order on every read, the same questions and choices
    await sql("update public.quizzes set shuffle = true where id = $1", [quiz]);
    const [first, second] = [await student.rpc("quiz_attempt_questions", { attempt }), await student.rpc("quiz_attempt_questions", { attempt })];
    const order = (r: typeof first) => r.data.map((x: { id: string; choices: { id: string }[] }) => `${x.id}:${x.choices.map((c) => c.id).join("")}`);
    expect(order(first)).toEqual(order(second));
    expect(first.data.map((x: { id: string }) => x.id).sort()).toEqual(Object.values(q).sort());
    expect(
      first.data
        .find((x: { id: string }) => x.id === q.multiple)
        .choices.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(["a", "b", "c"]);
    await sql("update public.quizzes set shuffle = false where id = $1", [quiz]);
    // reloading: the same attempt, with its answers
    const again = await student.rpc("start_quiz_attempt", { quiz });
    expect(again.data[0].attempt_id).toBe(attempt);
    const resumed = await student.rpc("quiz_attempt_questions", { attempt });
    expect(resumed.data.find((r: { id: string }) => r.id === q.short).answer).toEqual(["  sql "]);
    // results are not readable before release
    expect((await student.rpc("quiz_review", { attempt })).error?.code).toBe("42501");

    // submit: single 1 + multiple 0 (half right) + tf 1 + short 1 + numeric 1 (within 0.01) = 4 of 6
    expect((await student.rpc("submit_quiz_attempt", { attempt })).error).toBeNull();
    const [row] = await sql<{ score: string; graded_by: string | null }>(
      "select a.score::text, g.graded_by from public.quiz_attempts a join public.grades g on g.evaluation_id = $2 and g.student_id = a.student_id where a.id = $1",
      [attempt, evaluation],
    );
    expect(row).toEqual({ score: "13.33", graded_by: null });
    // its submitted attempt (and score) is out of the student's sight until released
    expect((await student.from("quiz_attempts").select("score").eq("id", attempt)).data).toEqual([]);
    // after submitting, no more questions, no more answers
    expect((await student.rpc("quiz_attempt_questions", { attempt })).error?.code).toBe("42501");
    expect((await student.rpc("save_quiz_answer", { attempt, question: q.multiple, answer: ["a", "c"] })).error?.code).toBe("42501");
  });

  it("the server's clock closes an attempt: no questions after its time, no late submission, marked at the deadline", async () => {
    const [late] = await sql<{ id: string }>(`insert into public.quiz_attempts (quiz_id, student_id, started_at, answers) values ($1, $2, now() - interval '20 minutes', $3::jsonb) returning id`, [
      quiz,
      IDS.studentA,
      JSON.stringify({ [q.single]: ["b"] }),
    ]);
    const student = w.clients.studentA;
    expect((await student.rpc("quiz_attempt_questions", { attempt: late.id })).error?.code).toBe("42501");
    expect((await student.rpc("save_quiz_answer", { attempt: late.id, question: q.tf, answer: ["false"] })).error).not.toBeNull();
    expect((await student.rpc("submit_quiz_attempt", { attempt: late.id })).error).not.toBeNull();
    // the next list marks it as it stood at its deadline
    const list = await student.rpc("my_quizzes");
    expect(list.error).toBeNull();
    const mine = list.data.find((r: { quiz_id: string }) => r.quiz_id === quiz);
    expect(mine).toMatchObject({ attempts_used: 2, open_attempt: null, released: false, best_score: null });
    // the demo quizzes: one open now, one closed with its results released
    const demo = Object.fromEntries(list.data.map((r: { title: string }) => [r.title, r]));
    expect(demo["Quiz : requêtes SQL"]).toMatchObject({ course_code: "INF-L2-102", released: false, attempts_used: 0 });
    expect(new Date(demo["Quiz : requêtes SQL"].closes_at) > new Date()).toBe(true);
    expect(demo["Quiz : modèle relationnel"]).toMatchObject({ released: true, attempts_used: 1 });
    expect(Number(demo["Quiz : modèle relationnel"].best_score)).toBe(10);
    const [closed] = await sql<{ score: string; late: boolean }>("select score::text, submitted_at = started_at + interval '10 minutes' as late from public.quiz_attempts where id = $1", [late.id]);
    expect(closed).toEqual({ score: "3.33", late: true });
  });

  it("the teacher reviews a short answer and releases; the student sees the result, the key once the window closed", async () => {
    const [attempt] = await sql<{ id: string }>("select id from public.quiz_attempts where quiz_id = $1 and student_id = $2 and score = 13.33", [quiz, IDS.studentA]);
    expect((await w.clients.teacherB.rpc("review_quiz_attempt", { attempt: attempt.id, points: { [q.multiple]: 2 } })).error?.code).toBe("42501");
    const reviewed = await w.clients.teacherA.rpc("review_quiz_attempt", { attempt: attempt.id, points: { [q.multiple]: 1 }, feedback: "Presque." });
    expect(reviewed.error).toBeNull();
    expect(Number(reviewed.data)).toBe(16.67);
    const [grade] = await sql<{ score: string; graded_by: string }>("select score::text, graded_by from public.grades where evaluation_id = $1 and student_id = $2", [evaluation, IDS.studentA]);
    expect(grade).toEqual({ score: "16.67", graded_by: IDS.teacherA });
    // a student cannot give itself points
    await w.clients.studentA
      .from("quiz_attempts")
      .update({ overrides: { [q.single]: 99 }, feedback: "x" })
      .eq("id", attempt.id);
    expect((await sql<{ overrides: object }>("select overrides from public.quiz_attempts where id = $1", [attempt.id]))[0].overrides).toEqual({ [q.multiple]: 1 });

    expect((await w.clients.teacherA.rpc("release_quiz_results", { quiz })).error).toBeNull();
    const list = await w.clients.studentA.rpc("my_quizzes");
    expect(Number(list.data.find((r: { quiz_id: string }) => r.quiz_id === quiz).best_score)).toBe(16.67);
    expect((await w.clients.studentA.from("quiz_attempts").select("score").eq("id", attempt.id)).data?.map((a) => Number(a.score))).toEqual([16.67]);
    const grades = await w.clients.studentA.from("grades").select("score").eq("evaluation_id", evaluation);
    expect(grades.data?.map((g) => Number(g.score))).toEqual([16.67]);
    // released but the window is still open: marks and feedback, no key
    let review = await w.clients.studentA.rpc("quiz_review", { attempt: attempt.id });
    expect(review.error).toBeNull();
    expect(review.data.map((r: { correct: unknown }) => r.correct)).toEqual([null, null, null, null, null]);
    expect(review.data[0]).toMatchObject({ feedback: "Presque.", is_right: true });
    expect((await w.clients.studentB.rpc("quiz_review", { attempt: attempt.id })).error?.code).toBe("42501");
    await sql("update public.quizzes set closes_at = now() - interval '1 minute' where id = $1", [quiz]);
    review = await w.clients.studentA.rpc("quiz_review", { attempt: attempt.id });
    expect(review.data[0].correct).toEqual(["b"]);
    expect((await w.clients.studentA.from("quiz_answer_keys").select("question_id").eq("question_id", q.single)).data).toEqual([]);
    // a published mark changed by a later review keeps its history
    await w.clients.teacherA.rpc("review_quiz_attempt", { attempt: attempt.id, points: { [q.multiple]: null } });
    const history = await sql<{ old_score: string; new_score: string }>("select old_score::text, new_score::text from public.grade_history where evaluation_id = $1 and student_id = $2", [
      evaluation,
      IDS.studentA,
    ]);
    expect(history).toEqual([{ old_score: "16.67", new_score: "13.33" }]);
  });

  it("marks each question type", async () => {
    const cases: [string, unknown, number, unknown, boolean][] = [
      ["single", ["b"], 0, ["b"], true],
      ["single", ["b"], 0, ["a"], false],
      ["multiple", ["a", "c"], 0, ["c", "a"], true],
      ["multiple", ["a", "c"], 0, ["a", "b", "c"], false],
      ["true_false", ["false"], 0, ["false"], true],
      ["short", ["Clé étrangère", "foreign key"], 0, ["  CLÉ   étrangère "], true],
      ["short", ["SQL"], 0, ["SQL server"], false],
      ["numeric", ["12"], 0, ["12"], true],
      ["numeric", ["3.14"], 0.01, ["3,15"], true],
      ["numeric", ["3.14"], 0.01, ["3.16"], false],
      ["numeric", ["12"], 0, ["douze"], false],
      ["short", ["x"], 0, [], false],
    ];
    for (const [kind, correct, tolerance, given, right] of cases) {
      const [r] = await sql<{ ok: boolean }>("select private.quiz_answer_right($1, $2::jsonb, $3, $4::jsonb) as ok", [kind, JSON.stringify(correct), tolerance, JSON.stringify(given)]);
      expect([kind, given, r.ok]).toEqual([kind, given, right]);
    }
  });
});

describe("the worker", () => {
  it("closes every attempt left open past its deadline and grace, marked as it stood; nobody else may run it", async () => {
    const [late] = await sql<{ id: string }>(`insert into public.quiz_attempts (quiz_id, student_id, started_at, answers) values ($1, $2, now() - interval '13 minutes', $3::jsonb) returning id`, [
      quiz,
      IDS.classmate,
      JSON.stringify({ [q.single]: ["b"], [q.tf]: ["false"] }),
    ]);
    const [open] = await sql<{ id: string }>(`insert into public.quiz_attempts (quiz_id, student_id, started_at) values ($1, $2, now() - interval '5 minutes') returning id`, [quiz, IDS.studentB]);
    for (const client of [w.clients.studentA, w.clients.teacherA]) {
      expect((await client.rpc("close_all_expired_quiz_attempts")).error).not.toBeNull();
    }
    const closed = await stack().client({ secret: true }).rpc("close_all_expired_quiz_attempts");
    expect(closed).toMatchObject({ data: 1, error: null });
    const rows = await sql<{ id: string; score: string | null; at_deadline: boolean | null }>(
      "select id, score::text, submitted_at = started_at + interval '10 minutes' as at_deadline from public.quiz_attempts where id in ($1, $2)",
      [late.id, open.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.score, r.at_deadline]]))).toEqual({ [late.id]: ["6.67", true], [open.id]: [null, null] });
  });
});

describe("editing and deleting evaluations", () => {
  it("the course's teacher edits and deletes one without marks; one holding marks stays; a course still goes whole", async () => {
    const teacher = w.clients.teacherA;
    const { data: created } = await teacher.rpc("create_evaluation", { course: w.courseA, title: "À corriger", kind: "exam", coefficient: 1 });
    const id = created[0].evaluation_id as string;
    // another teacher changes and deletes nothing
    expect((await w.clients.teacherB.from("evaluations").update({ coefficient: 5 }).eq("id", id).select("id")).data).toEqual([]);
    expect((await w.clients.teacherB.from("evaluations").delete().eq("id", id).select("id")).data).toEqual([]);
    expect((await w.clients.studentA.from("evaluations").update({ coefficient: 5 }).eq("id", id).select("id")).data ?? []).toEqual([]);
    const edited = await teacher.from("evaluations").update({ title: "Examen final", coefficient: 2, held_on: "2027-01-15" }).eq("id", id).select("title, coefficient, held_on");
    expect(edited.data).toEqual([{ title: "Examen final", coefficient: 2, held_on: "2027-01-15" }]);
    expect((await teacher.from("evaluations").delete().eq("id", id).select("id")).data).toEqual([{ id }]);
    // the quiz evaluation holds marks: refused, marks kept
    const refused = await teacher.from("evaluations").delete().eq("id", evaluation);
    expect(refused.error?.message).toMatch(/holds marks/);
    expect((await sql("select 1 from public.grades where evaluation_id = $1", [evaluation])).length).toBeGreaterThan(0);
    // an admin is refused too; the operator's secret key is not (maintenance)
    expect((await w.clients.admin.from("evaluations").delete().eq("id", evaluation)).error?.message).toMatch(/holds marks/);
    // deleting the course (as the owner) still takes its evaluations and their marks
    await sql("delete from public.courses where id = $1", [w.courseA]);
    expect(await sql("select 1 from public.evaluations where id = $1", [evaluation])).toEqual([]);
  });
});
