// The RLS matrix: for every table in schema public, who may select, insert, update and
// delete which rows, checked by signing in as each actor (see tests/fixtures/rls-world.ts)
// and verifying with the database owner what really happened.
import { beforeAll, describe, expect, it } from "vitest";
import { useLocalStack } from "../../fixtures/stack.ts";
import { buildWorld, type Actor, type World } from "../../fixtures/rls-world.ts";
import { MatrixRunner, type TableSpec } from "../../fixtures/rls-matrix.ts";

const stack = useLocalStack();
let world: World | undefined;
const w = () => world!;
beforeAll(async () => {
  world = await buildWorld(stack());
});
// A message of studentA in conversationA, which the attachment rows below belong to.
const MESSAGE_A = "00000000-0000-4000-e000-00000000000a";
beforeAll(async () => {
  await stack().sql("insert into public.messages (id, conversation_id, sender_id, body) values ($1, $2, $3, 'Pièce jointe')", [MESSAGE_A, world!.conversationA, world!.ids.studentA]);
});
// A late penalty of studentA (on its first instalment) that the waiver rows below waive.
let penaltyA = "";
beforeAll(async () => {
  penaltyA = (
    await stack().sql<{ id: string }>(
      `insert into public.fee_penalties (student_fee_id, instalment_id, student_id, amount_xaf)
     select sf.id, fi.id, sf.student_id, 5000 from public.student_fees sf join public.fee_instalments fi on fi.fee_schedule_id = sf.fee_schedule_id
     where sf.id = $1 order by fi.position limit 1 returning id`,
      [world!.studentABill],
    )
  )[0].id;
});
const runner = new MatrixRunner(stack, w);

const uid = () => crypto.randomUUID();
const tag = () => Math.random().toString(36).slice(2, 8);
let internshipDays = 0;

const EVERYONE: Actor[] = ["anon", "studentA", "studentB", "teacherA", "teacherB", "admin"];
const SIGNED_IN: Actor[] = ["studentA", "studentB", "teacherA", "teacherB", "admin"];
const ADMIN: Actor[] = ["admin"];
const NOBODY: Actor[] = [];
const COURSE_A_MEMBERS: Actor[] = ["studentA", "teacherA", "admin"];
const COURSE_A_STAFF: Actor[] = ["teacherA", "admin"];

/** A catalogue table: everyone reads; only the catalogue sync (service role) writes, from the content. */
function catalogue(table: string, row: (w: World) => Record<string, unknown>): TableSpec {
  return {
    table,
    scenarios: [
      {
        name: "a catalogue entry",
        row,
        select: EVERYONE,
        insert: NOBODY,
        update: { patch: () => ({ name_en: "Renamed" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  };
}

const SPECS: TableSpec[] = [
  // People ---------------------------------------------------------------------------
  {
    table: "profiles",
    scenarios: [
      {
        name: "studentA's profile",
        existing: (w) => ({ id: w.ids.studentA }),
        // teacherB teaches one of studentA's courses; studentB shares none
        select: ["studentA", "teacherA", "teacherB", "admin"],
        update: { patch: () => ({ full_name: "Awa N." }), allowed: ["studentA", "admin"] },
        delete: NOBODY,
      },
      {
        name: "studentB's profile",
        existing: (w) => ({ id: w.ids.studentB }),
        select: ["studentB", "admin"],
        update: { patch: () => ({ preferred_locale: "en" }), allowed: ["studentB", "admin"] },
      },
      {
        name: "a profile for a user that has none",
        row: (w) => ({ id: w.orphanUser, full_name: "Intrus" }),
        insert: NOBODY,
      },
    ],
  },
  {
    table: "profile_contacts",
    scenarios: [
      {
        name: "studentA's phone",
        existing: (w) => ({ user_id: w.ids.studentA }),
        key: ["user_id"],
        select: ["studentA", "admin"],
        update: { patch: () => ({ phone: "+237 6 11 22 33 44" }), allowed: ["studentA", "admin"] },
        delete: NOBODY,
      },
      {
        name: "contacts for a user that has none",
        row: (w) => ({ user_id: w.orphanUser, phone: "+237 6 00 00 00 00" }),
        key: ["user_id"],
        insert: NOBODY,
      },
    ],
  },
  {
    table: "user_roles",
    scenarios: [
      {
        name: "a teacher role for studentB",
        row: (w) => ({ user_id: w.ids.studentB, role: "teacher" }),
        key: ["user_id", "role"],
        select: ["studentB", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ role: "admin" }), allowed: ADMIN },
        delete: ADMIN,
      },
      {
        name: "the admin role for studentA",
        row: (w) => ({ user_id: w.ids.studentA, role: "admin" }),
        key: ["user_id", "role"],
        insert: ADMIN,
      },
    ],
  },

  // Catalogue ----------------------------------------------------------------------------
  catalogue("schools", () => ({ id: uid(), slug: `t-${tag()}`, kind: "university", name_fr: "École test", name_en: "Test school" })),
  catalogue("departments", (w) => ({ id: uid(), school_id: w.school, slug: `t-${tag()}`, name_fr: "Dépt", name_en: "Dept" })),
  catalogue("programmes", (w) => ({
    id: uid(),
    department_id: w.department,
    slug: `t-${tag()}`,
    name_fr: "Filière",
    name_en: "Programme",
    degree: "licence",
  })),
  catalogue("specialties", (w) => ({ id: uid(), programme_id: w.programme, slug: `t-${tag()}`, name_fr: "Spé", name_en: "Spec" })),
  catalogue("professional_formations", (w) => ({
    id: uid(),
    school_id: w.school,
    slug: `t-${tag()}`,
    certificate: "CQP",
    name_fr: "F",
    name_en: "F",
    duration_months: 6,
  })),
  catalogue("extension_programmes", (w) => ({
    id: uid(),
    school_id: w.school,
    slug: `t-${tag()}`,
    credential: "mba",
    delivery: "virtual_class",
    name_fr: "MBA",
    name_en: "MBA",
    duration_months: 18,
  })),
  {
    table: "levels",
    scenarios: [
      {
        name: "level L1",
        existing: () => ({ code: "L1" }),
        key: ["code"],
        select: EVERYONE,
        update: { patch: () => ({ name_en: "First year" }), allowed: NOBODY },
        delete: NOBODY,
      },
      {
        name: "a duplicate level",
        row: () => ({ code: "L1", cycle: "licence", name_fr: "x", name_en: "x", position: 99 }),
        key: ["code", "position"],
        insert: NOBODY,
      },
    ],
  },
  {
    table: "specialty_levels",
    scenarios: [
      {
        name: "L1 for a specialty that opens at L3",
        row: (w) => ({ specialty_id: w.lateSpecialty, level_code: "L1" }),
        key: ["specialty_id", "level_code"],
        select: EVERYONE,
        insert: NOBODY,
        update: { patch: () => ({ level_code: "L2" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },

  // Teaching -------------------------------------------------------------------------------
  {
    table: "academic_years",
    scenarios: [
      {
        name: "a future academic year",
        row: () => {
          const y = 2100 + Math.floor(Math.random() * 800);
          return { id: uid(), label: `${y}-${y + 1}`, starts_on: `${y}-09-01`, ends_on: `${y + 1}-07-31` };
        },
        select: SIGNED_IN,
        insert: ADMIN,
        update: { patch: () => ({ ends_on: "2999-07-30" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "semesters",
    scenarios: [
      {
        name: "a semester of a spare year",
        row: (w) => ({
          id: uid(),
          academic_year_id: w.spareYear,
          number: 1,
          name_fr: "S1",
          name_en: "S1",
          starts_on: "2090-09-15",
          ends_on: "2091-02-10",
        }),
        select: SIGNED_IN,
        insert: ADMIN,
        update: { patch: () => ({ name_en: "Semester one" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "courses",
    scenarios: [
      {
        name: "courseA (studentA enrolled, teacherA teaches)",
        existing: (w) => ({ id: w.courseA }),
        select: COURSE_A_MEMBERS,
        update: { patch: () => ({ description: "Nouvelle description" }), allowed: COURSE_A_STAFF },
      },
      {
        name: "courseB (studentB enrolled)",
        existing: (w) => ({ id: w.courseB }),
        select: ["studentB", "admin"],
      },
      {
        name: "a new course taught by teacherA",
        row: (w) => ({ id: uid(), code: `T-${tag().toUpperCase()}`, title: "Cours test", school_id: w.school, teacher_id: w.ids.teacherA }),
        select: COURSE_A_STAFF,
        insert: ADMIN,
        update: { patch: () => ({ zoom_meeting_id: "123 456 7890" }), allowed: COURSE_A_STAFF },
        delete: ADMIN,
      },
      {
        name: "teacherA handing its course to teacherB",
        row: (w) => ({ id: uid(), code: `T-${tag().toUpperCase()}`, title: "Cours test", school_id: w.school, teacher_id: w.ids.teacherA }),
        update: { patch: (w) => ({ teacher_id: w.ids.teacherB }), allowed: ADMIN },
      },
    ],
  },
  {
    table: "course_enrollments",
    scenarios: [
      {
        name: "studentB enrolled in courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, user_id: w.ids.studentB, status: "active" }),
        select: ["studentB", "teacherA", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ status: "dropped" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "schedule_events",
    scenarios: [
      {
        name: "a session of courseA",
        row: (w) => ({
          id: uid(),
          course_id: w.courseA,
          title: "Séance test",
          is_online: true,
          start_time: "2030-01-10T09:00:00Z",
          end_time: "2030-01-10T11:00:00Z",
        }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ room: "Salle 12" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },

  // Assessment ------------------------------------------------------------------------------
  {
    table: "assignments",
    scenarios: [
      {
        name: "an assignment of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, title: "Devoir test" }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ instructions: "Lisez le chapitre 5." }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "assignment_submissions",
    scenarios: [
      {
        name: "studentA's ungraded submission",
        row: (w) => ({ id: uid(), assignment_id: w.assignmentA, student_id: w.ids.studentA, body: "Ma copie" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        // the work is the student's: a teacher (or an admin) marks it only (issue 20 §4)
        update: { patch: () => ({ body: "Ma copie corrigée" }), allowed: ["studentA"] },
        delete: ["studentA", "admin"],
      },
      {
        name: "a mark on studentA's submission",
        row: (w) => ({ id: uid(), assignment_id: w.assignmentA, student_id: w.ids.studentA, body: "Ma copie" }),
        update: { patch: () => ({ score: 19.5 }), allowed: COURSE_A_STAFF },
      },
      {
        name: "studentA handing in already graded",
        row: (w) => ({ id: uid(), assignment_id: w.assignmentA, student_id: w.ids.studentA, score: 20 }),
        insert: NOBODY,
      },
    ],
  },
  {
    table: "evaluations",
    scenarios: [
      {
        name: "an evaluation of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, title: "Partiel", kind: "exam", coefficient: 2 }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ is_published: true }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "grades",
    scenarios: [
      {
        name: "studentA's grade in a published evaluation",
        row: (w) => ({ id: uid(), evaluation_id: w.evaluationPublished, student_id: w.ids.studentA, score: 12 }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ score: 17.5 }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
      {
        name: "studentA's grade in an unpublished evaluation",
        row: (w) => ({ id: uid(), evaluation_id: w.evaluationDraft, student_id: w.ids.studentA, score: 9 }),
        select: COURSE_A_STAFF,
      },
    ],
  },
  // Results (issue 12): written only by the deliberation and grade triggers.
  {
    table: "grade_history",
    scenarios: [
      {
        name: "a change to studentA's published mark",
        row: (w) => ({ evaluation_id: w.evaluationPublished, student_id: w.ids.studentA, old_score: 9, new_score: 3.25 }),
        key: ["evaluation_id", "student_id", "new_score"],
        select: COURSE_A_MEMBERS,
        insert: NOBODY,
        update: { patch: () => ({ new_score: 19 }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "deliberations",
    scenarios: [
      {
        name: "the demo semester's published resit session",
        existing: () => ({ id: demoDeliberation }),
        select: SIGNED_IN,
        update: { patch: () => ({ published_at: null }), allowed: NOBODY },
        delete: NOBODY,
      },
      {
        name: "a session of the current semester",
        row: () => ({ id: uid(), semester_id: currentSemester, session: "resit" }),
        insert: NOBODY,
      },
    ],
  },
  {
    table: "frozen_results",
    scenarios: [
      {
        name: "studentA's published demo result",
        existing: (w) => ({ deliberation_id: demoDeliberation, student_id: w.ids.studentA }),
        key: ["deliberation_id", "student_id"],
        select: ["studentA", "admin"],
        update: { patch: () => ({ average: 20 }), allowed: NOBODY },
        delete: NOBODY,
      },
      {
        name: "a result for studentB",
        row: (w) => ({ deliberation_id: demoDeliberation, student_id: w.ids.studentB, credits_earned: 30, credits_total: 30, decision: "validated", units: [] }),
        key: ["deliberation_id", "student_id"],
        insert: NOBODY,
      },
    ],
  },
  {
    table: "transcripts",
    scenarios: [
      {
        name: "studentA's relevé of the demo semester",
        row: (w) => ({ id: uid(), number: `RN-TEST-${tag()}`, student_id: w.ids.studentA, deliberation_id: demoDeliberation, snapshot: {} }),
        select: ["studentA", "admin"],
        insert: NOBODY,
        update: { patch: () => ({ revoked_at: new Date().toISOString() }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "enrolment_certificates",
    scenarios: [
      {
        name: "studentA's certificate of enrolment",
        row: (w) => ({
          id: uid(),
          number: `AI-2099-${String(90000 + Math.floor(Math.random() * 9999))}`,
          sequence: 90000 + Math.floor(Math.random() * 9999),
          registration_id: studentARegistration.id,
          student_id: w.ids.studentA,
          academic_year_id: studentARegistration.academic_year_id,
          snapshot: {},
        }),
        select: ["studentA", "admin"],
        insert: NOBODY,
        update: { patch: () => ({ revoked_at: new Date().toISOString() }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "student_identities",
    scenarios: [
      {
        name: "studentA's registrar record",
        existing: (w) => ({ student_id: w.ids.studentA }),
        key: ["student_id"],
        // only the student and the registrar; changes go through set_student_identity or an
        // approved correction (audited), never a direct write, not even an admin's
        select: ["studentA", "admin"],
        update: { patch: () => ({ legal_name: "Jean-Claude Forgé" }), allowed: NOBODY },
        delete: NOBODY,
      },
      {
        name: "a record for someone who has none",
        row: (w) => ({ student_id: w.ids.teacherA, legal_name: "Nom Inventé", source: "registrar" }),
        key: ["student_id"],
        insert: NOBODY,
      },
    ],
  },
  {
    table: "identity_correction_requests",
    scenarios: [
      {
        name: "studentA's correction request",
        row: (w) => ({ id: uid(), student_id: w.ids.studentA, legal_name: "Awa Ngono Epse Tchana", reason: "Acte de mariage joint au dossier." }),
        select: ["studentA", "admin"],
        insert: NOBODY,
        update: { patch: () => ({ status: "approved", decided_at: new Date().toISOString() }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "quizzes",
    scenarios: [
      {
        name: "a published quiz of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, title: "Quiz test", is_published: true }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ max_attempts: 3 }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
      {
        name: "a draft quiz of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, title: "Brouillon", is_published: false }),
        select: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "quiz_questions",
    scenarios: [
      {
        name: "a question of courseA's quiz",
        row: (w) => ({
          id: uid(),
          quiz_id: w.quizA,
          position: 100 + Math.floor(Math.random() * 30000),
          prompt: "2 + 2 ?",
          choices: [
            { id: "a", label: "4" },
            { id: "b", label: "5" },
          ],
        }),
        select: COURSE_A_STAFF,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ prompt: "3 + 3 ?" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "quiz_answer_keys",
    scenarios: [
      {
        name: "the answer to a question of courseA's quiz",
        row: (w) => ({ question_id: w.spareQuestion, correct: ["a"] }),
        key: ["question_id"],
        select: COURSE_A_STAFF,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ correct: ["b"] }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "quiz_attempts",
    scenarios: [
      {
        name: "studentA's attempt in progress",
        row: (w) => ({ id: uid(), quiz_id: w.quizA, student_id: w.ids.studentA }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ answers: { q: ["a"] } }), allowed: ["studentA"] },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "attendance",
    scenarios: [
      {
        name: "studentA at a session of courseA",
        row: (w) => ({ id: uid(), schedule_event_id: w.eventA, student_id: w.ids.studentA, status: "present" }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ status: "late" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },

  // Campus life --------------------------------------------------------------------------------
  {
    table: "conversations",
    scenarios: [
      {
        name: "a conversation studentA started",
        row: (w) => ({ id: uid(), subject: "Question", created_by: w.ids.studentA }),
        select: ["studentA", "admin"],
        insert: ["studentA"],
        update: { patch: () => ({ subject: "Autre question" }), allowed: ["studentA", "admin"] },
        delete: ["studentA", "admin"],
      },
      {
        name: "studentA's conversation with teacherA",
        existing: (w) => ({ id: w.conversationA }),
        select: ["studentA", "teacherA", "admin"],
      },
    ],
  },
  {
    table: "conversation_participants",
    scenarios: [
      {
        name: "teacherB added to studentA's conversation with teacherA",
        row: (w) => ({ conversation_id: w.conversationA, user_id: w.ids.teacherB }),
        key: ["conversation_id", "user_id"],
        select: ["studentA", "teacherA", "teacherB", "admin"],
        // the starter may add people it knows (teacherB teaches it); nobody else but admins
        insert: ["studentA", "admin"],
        update: { patch: () => ({ last_read_at: "2030-01-01T00:00:00+00:00" }), allowed: ["teacherB"] },
        delete: ["studentA", "teacherB", "admin"],
      },
      {
        name: "studentB (a stranger to studentA) added to studentA's conversation",
        row: (w) => ({ conversation_id: w.conversationA, user_id: w.ids.studentB }),
        key: ["conversation_id", "user_id"],
        insert: ADMIN,
      },
    ],
  },
  {
    table: "messages",
    scenarios: [
      {
        name: "studentA's message to teacherA",
        row: (w) => ({ id: uid(), conversation_id: w.conversationA, sender_id: w.ids.studentA, body: "Bonjour" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ body: "Bonjour !" }), allowed: ["studentA"] },
        delete: ["studentA", "admin"],
      },
      {
        name: "a message signed with someone else's name",
        row: (w) => ({ id: uid(), conversation_id: w.conversationA, sender_id: w.ids.teacherA, body: "Faux" }),
        insert: ["teacherA"],
      },
    ],
  },
  {
    table: "announcements",
    scenarios: [
      {
        // written only by send_announcement; its sender (and admins) read it, recipients never
        name: "an announcement teacherA is recorded as having sent",
        row: (w) => ({ id: uid(), sender_id: w.ids.teacherA, title: "Réunion", recipient_count: 3 }),
        select: ["teacherA", "admin"],
        update: { patch: () => ({ recipient_count: 1 }), allowed: [] },
      },
    ],
  },
  {
    table: "community_posts",
    scenarios: [
      {
        name: "studentB's university-wide post",
        row: (w) => ({ id: uid(), author_id: w.ids.studentB, title: "Bonjour", body: "Bonjour à tous" }),
        select: SIGNED_IN,
        insert: ["studentB"],
        update: { patch: () => ({ body: "Bonsoir à tous" }), allowed: ["studentB"] },
        delete: ["studentB", "admin"],
      },
      {
        name: "studentA's post in courseA",
        row: (w) => ({ id: uid(), author_id: w.ids.studentA, course_id: w.courseA, title: "Question", body: "Le TD 3 ?" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ title: "Question sur le TD 3" }), allowed: ["studentA"] },
        delete: ["studentA", "teacherA", "admin"],
      },
    ],
  },
  {
    table: "community_comments",
    scenarios: [
      {
        name: "studentA's comment on a courseA post",
        row: (w) => ({ id: uid(), post_id: w.coursePostA, author_id: w.ids.studentA, body: "Merci" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ body: "Merci beaucoup" }), allowed: ["studentA"] },
        delete: ["studentA", "teacherA", "admin"],
      },
    ],
  },
  {
    table: "message_attachments",
    scenarios: [
      {
        name: "studentA's file on its message to teacherA",
        row: (w) => ({
          id: uid(),
          message_id: MESSAGE_A,
          conversation_id: w.conversationA,
          uploaded_by: w.ids.studentA,
          storage_path: `${w.conversationA}/${w.ids.studentA}/${uid()}-cours.pdf`,
          file_name: "cours.pdf",
          mime_type: "application/pdf",
          size_bytes: 1024,
        }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ file_name: "autre.pdf" }), allowed: NOBODY },
        delete: ["studentA", "admin"],
      },
    ],
  },
  {
    table: "community_reactions",
    scenarios: [
      {
        name: "studentA's ❤️ on the teacher's courseA post",
        // (the demo data already has studentA's 👍 there)
        row: (w) => ({ id: uid(), post_id: w.coursePostA, user_id: w.ids.studentA, kind: "love" }),
        select: COURSE_A_MEMBERS,
        // others who read the post may react, but under their own name (stamped)
        insert: ["studentA"],
        update: { patch: () => ({ kind: "insight" }), allowed: NOBODY },
        delete: ["studentA"],
      },
    ],
  },
  {
    table: "community_reports",
    scenarios: [
      {
        name: "studentA's report of the teacher's courseA post",
        row: (w) => ({ id: uid(), post_id: w.coursePostA, reporter_id: w.ids.studentA, reason: "Hors sujet" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ status: "dismissed" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "documents",
    scenarios: [
      {
        name: "studentA's transcript",
        row: (w) => ({ id: uid(), owner_id: w.ids.studentA, kind: "transcript", title: "Relevé", storage_path: `${w.ids.studentA}/r.pdf` }),
        select: ["studentA", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ title: "Relevé de notes" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "reviews",
    scenarios: [
      {
        name: "studentA's review of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, author_id: w.ids.studentA, rating: 4, comment: "Bien" }),
        select: COURSE_A_MEMBERS,
        insert: ["studentA"],
        update: { patch: () => ({ rating: 5 }), allowed: ["studentA"] },
        delete: ["studentA", "admin"],
      },
    ],
  },

  // Money --------------------------------------------------------------------------------------
  {
    table: "fee_schedules",
    scenarios: [
      {
        name: "published tuition",
        row: (w) => ({
          id: uid(),
          academic_year_id: w.spareYear,
          programme_id: w.programme,
          label_fr: "Test",
          label_en: "Test",
          tuition_xaf: 100000,
        }),
        select: EVERYONE,
        insert: ADMIN,
        update: { patch: () => ({ tuition_xaf: 120000 }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "fee_instalments",
    scenarios: [
      {
        name: "an instalment",
        row: (w) => ({
          id: uid(),
          fee_schedule_id: w.feeSchedule,
          position: 10 + Math.floor(Math.random() * 30000),
          label_fr: "Tranche",
          label_en: "Instalment",
          amount_xaf: 1000,
          due_on: "2030-01-15",
        }),
        select: EVERYONE,
        insert: ADMIN,
        update: { patch: () => ({ amount_xaf: 2000 }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "student_fees",
    scenarios: [
      {
        name: "studentA billed under another schedule",
        row: (w) => ({ id: uid(), student_id: w.ids.studentA, fee_schedule_id: w.otherFeeSchedule }),
        select: ["studentA", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ discount_xaf: 10000 }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "fee_penalties",
    scenarios: [
      {
        name: "a late penalty on studentA's bill",
        row: (w) => ({ id: uid(), student_fee_id: w.studentABill, instalment_id: w.studentAInstalment, student_id: w.ids.studentA, amount_xaf: 5000 }),
        select: ["studentA", "admin"],
        // Billed only by bill_late_penalties (the worker), never through the API.
        insert: NOBODY,
        update: { patch: () => ({ amount_xaf: 1 }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "fee_penalty_waivers",
    scenarios: [
      {
        name: "a waiver of studentA's late penalty",
        row: (w) => ({ id: uid(), penalty_id: penaltyA, student_id: w.ids.studentA, amount_xaf: 1000, reason: "Motif de la remise" }),
        select: ["studentA", "admin"],
        // Written only by waive_late_penalty (admins, audited), never through the API.
        insert: NOBODY,
        update: { patch: () => ({ amount_xaf: 500 }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "payments",
    scenarios: [
      {
        name: "studentA's pending mobile-money payment",
        dependents: [{ table: "receipts", column: "payment_id" }],
        row: (w) => ({ id: uid(), student_id: w.ids.studentA, amount_xaf: 25000, method: "mtn_momo", status: "pending" }),
        select: ["studentA", "admin"],
        // Students pay through payments-initiate and submit_bank_slip, never by writing rows.
        insert: ADMIN,
        update: { patch: () => ({ status: "failed" }), allowed: ADMIN },
        delete: NOBODY,
      },
      {
        name: "a payment studentA declares already succeeded",
        dependents: [{ table: "receipts", column: "payment_id" }],
        row: (w) => ({
          id: uid(),
          student_id: w.ids.studentA,
          amount_xaf: 25000,
          method: "cash",
          status: "succeeded",
          paid_at: "2030-01-01T00:00:00Z",
        }),
        insert: ADMIN,
      },
    ],
  },
  {
    table: "receipts",
    scenarios: [
      {
        name: "a receipt for studentA's payment",
        row: (w) => ({ id: uid(), payment_id: w.sparePayment, number: `T-${tag()}`, amount_xaf: 5000 }),
        select: ["studentA", "admin"],
        insert: NOBODY,
        update: { patch: () => ({ storage_path: "recu.pdf" }), allowed: ADMIN },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "payment_callback_log",
    scenarios: [
      {
        name: "a refused payment callback",
        row: () => ({ provider: "simulator", outcome: "bad_signature", detail: `callback ${tag()}` }),
        key: ["detail"],
        select: ADMIN,
        // Written only by payments-callback (service role), never through the API.
        insert: NOBODY,
        update: { patch: () => ({ outcome: "accepted" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },

  // Admissions --------------------------------------------------------------------------------
  {
    table: "applications",
    scenarios: [
      {
        name: "an anonymous application",
        row: () => ({ id: uid(), kind: "general", full_name: "Paul Biyong", email: "paul.biyong@example.cm" }),
        select: ADMIN,
        insert: EVERYONE,
        update: { patch: () => ({ status: "under_review" }), allowed: ADMIN },
        delete: ADMIN,
      },
      {
        name: "studentA's own application",
        row: (w) => ({ id: uid(), kind: "extension", full_name: "Awa Ngono", email: "awa@example.cm", applicant_id: w.ids.studentA }),
        select: ["studentA", "admin"],
        insert: ["studentA", "admin"],
        // the applicant may withdraw it, nothing else
        update: { patch: () => ({ status: "withdrawn" }), allowed: ["studentA", "admin"] },
      },
      {
        name: "studentA admitting itself",
        row: (w) => ({ id: uid(), kind: "general", full_name: "Awa Ngono", email: "awa@example.cm", applicant_id: w.ids.studentA }),
        update: { patch: () => ({ status: "under_review" }), allowed: ADMIN },
      },
      {
        name: "an application submitted as already admitted",
        row: () => ({ id: uid(), kind: "general", full_name: "Tricheur", email: "t@example.cm", status: "admitted" }),
        insert: NOBODY,
      },
      {
        // The fee and the decision are the school's and the reviewers' (issue 19 item 6).
        name: "an application that says its fee is paid and gives its own decision",
        row: () => ({ id: uid(), kind: "general", full_name: "Tricheur", email: "t@example.cm", fee_paid_at: "2026-01-01T00:00:00Z", fee_xaf: 0, decision_reason: "Admis" }),
        insert: NOBODY,
      },
    ],
  },
  {
    table: "application_status_history",
    scenarios: [
      {
        name: "a status change of studentA's application",
        row: (w) => ({ id: uid(), application_id: w.applicationA, from_status: "submitted", to_status: "under_review" }),
        select: ["studentA", "admin"],
        insert: NOBODY,
        update: { patch: () => ({ to_status: "admitted" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "application_documents",
    scenarios: [
      {
        name: "a document of studentA's submitted application",
        row: (w) => {
          const id = uid();
          return {
            id,
            application_id: w.applicationA,
            kind: "diploma",
            storage_path: `${w.ids.studentA}/${w.applicationA}/${id}.pdf`,
            file_name: "diplome.pdf",
            mime_type: "application/pdf",
            size_bytes: 1000,
          };
        },
        select: ["studentA", "admin"],
        // the applicant adds files to its draft, or when a reviewer asks for one: not here
        insert: ADMIN,
        update: { patch: () => ({ file_name: "autre.pdf" }), allowed: NOBODY },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "application_document_requests",
    scenarios: [
      {
        name: "a document requested from studentA",
        row: (w) => ({ id: uid(), application_id: w.applicationA, kind: "transcript", message: "Relevé lisible" }),
        select: ["studentA", "admin"],
        // written by request_application_document only
        insert: NOBODY,
        update: { patch: () => ({ message: "Autre" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "application_comments",
    scenarios: [
      {
        name: "a reviewer's comment on studentA's application",
        row: (w) => ({ id: uid(), application_id: w.applicationA, body: "Dossier solide" }),
        // never the applicant
        select: ADMIN,
        insert: ADMIN,
        update: { patch: () => ({ body: "Modifié" }), allowed: NOBODY },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "student_registrations",
    scenarios: [
      {
        name: "studentA registered for a spare year",
        row: (w) => ({
          id: uid(),
          student_id: w.ids.studentA,
          academic_year_id: w.spareYear,
          student_number: `90UO${Math.floor(100000 + Math.random() * 899999)}`,
          programme_id: w.programme,
          level_code: "L3",
        }),
        select: ["studentA", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ status: "suspended" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "student_notifications",
    scenarios: [
      {
        name: "a notification for studentA",
        row: (w) => ({ id: uid(), user_id: w.ids.studentA, type: "announcement", title: "Info", message: "Bonjour" }),
        select: ["studentA", "admin"],
        insert: ADMIN,
        update: { patch: () => ({ is_read: true }), allowed: ["studentA"] },
        delete: ADMIN,
      },
      {
        name: "rewriting a notification's text",
        row: (w) => ({ id: uid(), user_id: w.ids.studentA, type: "announcement", title: "Info", message: "Bonjour" }),
        update: { patch: () => ({ title: "Piraté" }), allowed: NOBODY },
      },
    ],
  },

  // Profile and notifications (issue 10) ------------------------------------------------------
  {
    table: "notification_preferences",
    scenarios: [
      {
        name: "studentB's preference for messages",
        row: (w) => ({ user_id: w.ids.studentB, type: "message", in_app: false, email: true }),
        key: ["user_id", "type"],
        select: ["studentB"],
        insert: ["studentB"],
        update: { patch: () => ({ sms: true }), allowed: ["studentB"] },
        delete: ["studentB"],
      },
    ],
  },
  {
    table: "teacher_settings",
    scenarios: [
      {
        name: "teacherB's meeting settings",
        row: (w) => ({ user_id: w.ids.teacherB, default_meeting_platform: "teams" }),
        key: ["user_id"],
        select: ["teacherB", "admin"],
        insert: ["teacherB"],
        update: { patch: () => ({ personal_meeting_url: "https://teams.microsoft.com/l/meetup-join/b" }), allowed: ["teacherB"] },
        delete: NOBODY,
      },
      {
        name: "settings a student writes for itself",
        row: (w) => ({ user_id: w.ids.studentB, default_meeting_platform: "zoom" }),
        key: ["user_id"],
        insert: NOBODY,
      },
    ],
  },
  {
    table: "outbox_messages",
    scenarios: [
      {
        name: "an SMS to studentA",
        row: (w) => ({ id: uid(), channel: "sms", recipient: "+237600000000", user_id: w.ids.studentA, kind: "announcement", body: "Bonjour" }),
        select: ADMIN,
        insert: NOBODY,
        update: { patch: () => ({ status: "sent" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },

  // Institution and platform health (issue 10) -------------------------------------------
  {
    table: "institution_settings",
    scenarios: [
      {
        name: "the institution's one row",
        existing: () => ({ id: true }),
        select: SIGNED_IN,
        update: { patch: () => ({ name: `Université ${tag()}` }), allowed: ADMIN },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "worker_ticks",
    scenarios: [
      {
        name: "a failed run of the worker",
        row: () => ({ started_at: new Date(Date.now() - 1000).toISOString(), ok: false, error: `tick ${tag()}` }),
        key: ["error"],
        select: ADMIN,
        insert: NOBODY,
        update: { patch: () => ({ ok: true }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "function_errors",
    scenarios: [
      {
        name: "an error of a function",
        row: () => ({ function_name: "worker-tick", message: `failure ${tag()}` }),
        key: ["message"],
        select: ADMIN,
        insert: NOBODY,
        update: { patch: () => ({ message: "rewritten" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },

  // People (issue 10) ------------------------------------------------------------------------
  {
    table: "audit_log",
    scenarios: [
      {
        name: "a role granted by an admin",
        row: () => ({ id: uid(), action: "role.granted", target_type: "user", target_id: tag(), details: { role: "teacher" } }),
        select: ADMIN,
        insert: NOBODY,
        update: { patch: () => ({ action: "role.removed" }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "security_settings",
    scenarios: [
      {
        name: "the platform's one row",
        existing: () => ({ id: true }),
        select: ADMIN,
        // Requiring MFA is switched on only from an aal2 session (the matrix's admin is aal1,
        // without a factor: it would lock itself out); admin-users.test.ts proves the aal2 path.
        update: { patch: () => ({ require_admin_mfa: true }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },

  // Courses and timetable (issue 11) --------------------------------------------------------
  {
    table: "teaching_units",
    scenarios: [
      {
        name: "a UE of the current semester",
        row: (w) => ({
          id: uid(),
          code: `UE-${tag().toUpperCase()}`,
          title_fr: "UE test",
          title_en: "Test UE",
          credits: 3,
          semester_id: currentSemester,
          school_id: w.school,
          programme_id: w.programme,
          level_code: "L2",
        }),
        select: SIGNED_IN,
        insert: ADMIN,
        update: { patch: () => ({ credits: 4 }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "course_materials",
    scenarios: [
      {
        name: "a link of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, week: 3, title: "Lecture", kind: "link", url: "https://example.org/a" }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ title: "Lecture (v2)" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "video_lessons",
    scenarios: [
      {
        name: "a video lesson of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, position: 100 + Math.floor(Math.random() * 400), title: "Capsule", url: "https://videos.example.org/a", duration_minutes: 10 }),
        select: COURSE_A_MEMBERS,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ title: "Capsule (v2)" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
  {
    table: "video_lesson_progress",
    scenarios: [
      {
        // written only through set_lesson_progress (sessions-lessons.test.ts)
        name: "studentA's progress in a seeded lesson of courseA",
        existing: (w) => ({ lesson_id: demoLesson, user_id: w.ids.studentA }),
        key: ["lesson_id", "user_id"],
        select: COURSE_A_MEMBERS,
        update: { patch: () => ({ completed_at: null }), allowed: NOBODY },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "course_proposals",
    scenarios: [
      {
        // any teacher proposes (in its own name: the author is stamped); decided only by decide_course_proposal
        name: "teacherA's pending proposal",
        row: (w) => ({ id: uid(), proposed_by: w.ids.teacherA, code: `PROP-${tag().toUpperCase()}`, title: "Proposition", school_id: w.school }),
        select: ["teacherA", "admin"],
        insert: ["teacherA", "teacherB"],
        update: { patch: () => ({ status: "approved" }), allowed: NOBODY },
        delete: ["teacherA"],
      },
    ],
  },
  {
    table: "internships",
    scenarios: [
      {
        // a seeded trainee (none of the actors): only admins see or write it
        name: "a trainee's internship",
        row: () => {
          // (registration, starts_on) is unique: each row starts a day after the last, never a random day that may repeat.
          const start = new Date(Date.UTC(2030, 0, 1) + internshipDays++ * 86_400_000).toISOString().slice(0, 10);
          return {
            id: uid(),
            registration_id: trainee.id,
            student_id: trainee.student_id,
            host_organisation: "Entreprise",
            supervisor_name: "Tuteur",
            starts_on: start,
            ends_on: `${Number(start.slice(0, 4)) + 1}${start.slice(4)}`,
          };
        },
        select: ADMIN,
        insert: ADMIN,
        update: { patch: () => ({ host_organisation: "Autre entreprise" }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "partner_courses",
    scenarios: [
      {
        name: "a partner course",
        row: () => ({ id: uid(), code: `M-${tag().toUpperCase()}`, title: "Matrix course", url: "https://pll.harvard.edu/course/matrix", starts_on: "2031-01-10", ends_on: "2031-03-10", seats: 5 }),
        select: SIGNED_IN,
        insert: ADMIN,
        update: { patch: () => ({ requests_open: false }), allowed: ADMIN },
        delete: ADMIN,
      },
    ],
  },
  {
    table: "partner_course_requests",
    scenarios: [
      {
        // studentA's request for the seeded CS50 (it has none there): studentA asks, withdraws
        name: "studentA's request for a partner course",
        row: (w) => ({ id: uid(), partner_course_id: "00000000-0000-4000-f500-000000000001", student_id: w.ids.studentA, motivation: "Pour mon projet professionnel." }),
        select: ["studentA", "admin"],
        insert: ["studentA"],
        update: { patch: () => ({ status: "withdrawn" }), allowed: ["studentA"] },
        delete: NOBODY,
      },
    ],
  },
  {
    table: "meeting_host_links",
    scenarios: [
      {
        name: "the start link of a session of courseA",
        row: (w) => ({ id: uid(), course_id: w.courseA, schedule_event_id: w.eventA, start_url: `https://zoom.us/s/8123?zak=${tag()}` }),
        key: ["id"],
        select: COURSE_A_STAFF,
        insert: COURSE_A_STAFF,
        update: { patch: () => ({ start_url: "https://zoom.us/s/8123?zak=new" }), allowed: COURSE_A_STAFF },
        delete: COURSE_A_STAFF,
      },
    ],
  },
];
// The current semester, for the rows above that need one.
let currentSemester = "";
// A seeded trainee's registration in a professional formation.
let trainee = { id: "", student_id: "" };
// A seeded video lesson of courseA that studentA opened (supabase/seeds/20260603000000_video_lessons.sql).
let demoLesson = "";
// The demo semester's resit deliberation (supabase/seeds/20260504000000_results.sql).
let demoDeliberation = "";
// studentA's registration for the current year.
let studentARegistration = { id: "", academic_year_id: "" };
beforeAll(async () => {
  studentARegistration = (
    await stack().sql<{ id: string; academic_year_id: string }>(
      "select r.id, r.academic_year_id from public.student_registrations r join public.academic_years y on y.id = r.academic_year_id where y.is_current and r.student_id = '00000000-0000-4000-a000-000000000001'",
    )
  )[0];
  currentSemester = (await stack().sql<{ id: string }>("select id from public.semesters where is_current"))[0].id;
  trainee = (
    await stack().sql<{ id: string; student_id: string }>("select id, student_id from public.student_registrations where professional_formation_id is not null order by student_number limit 1")
  )[0];
  demoLesson = (await stack().sql<{ id: string }>("select lesson_id as id from public.video_lesson_progress p join public.courses c on c.id = p.course_id where c.code = 'INF-L2-101' limit 1"))[0].id;
  demoDeliberation = (await stack().sql<{ id: string }>("select id from public.deliberations where session = 'resit' and published_at is not null"))[0].id;
});

describe("RLS matrix", () => {
  it("covers every table in schema public", async () => {
    const rows = await stack().sql<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename");
    expect(SPECS.map((s) => s.table).sort()).toEqual(rows.map((r) => r.tablename).sort());
  });

  for (const spec of SPECS) {
    describe(spec.table, () => {
      for (const scenario of spec.scenarios) {
        if (scenario.select) {
          it(`select: ${scenario.name}`, async () => {
            expect(await runner.select(spec.table, scenario)).toEqual([]);
          });
        }
        if (scenario.insert) {
          it(`insert: ${scenario.name}`, async () => {
            expect(await runner.insert(spec.table, scenario)).toEqual([]);
          });
        }
        if (scenario.update) {
          it(`update: ${scenario.name}`, async () => {
            expect(await runner.update(spec.table, scenario)).toEqual([]);
          });
        }
        if (scenario.delete) {
          it(`delete: ${scenario.name}`, async () => {
            expect(await runner.delete(spec.table, scenario)).toEqual([]);
          });
        }
      }
    });
  }
});
