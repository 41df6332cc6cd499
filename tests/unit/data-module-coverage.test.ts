// Every function a dashboard data module exports that talks to the database (its first
// parameter is a SupabaseClient) must be called by an integration test, which runs it
// against the seeded stack: a migration that makes an embed ambiguous (PGRST201) or renames
// a column then fails a test instead of a page. A function no test runs yet must be listed
// below with why; a read (fetch…, list…, count…) may only be listed for a reason other than
// "not yet", and an entry a test now calls must leave the list.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Functions no integration test runs, "module#name" → why. */
const NOT_RUN: Record<string, { kind: "write" | "read" | "subscription"; why: string }> = {
  // reads that need what a test stack does not serve
  "src/dashboard/admissions/data.ts#documentUrl": { kind: "read", why: "storage download (no Data API query); bucket policies: tests/integration/rls" },
  "src/dashboard/assignments/data.ts#downloadAttachment": { kind: "read", why: "storage download; bucket policies: tests/integration/rls" },
  "src/dashboard/assignments/data.ts#downloadSubmissionFile": { kind: "read", why: "storage download; bucket policies: tests/integration/rls" },
  "src/dashboard/shared/materials-data.ts#downloadMaterial": { kind: "read", why: "storage download; bucket policies: tests/integration/rls" },
  // realtime
  "src/dashboard/finance/data.ts#subscribeToPayments": { kind: "subscription", why: "realtime channel: tests/integration/realtime.test.ts" },
  "src/dashboard/notifications/data.ts#subscribeToNew": { kind: "subscription", why: "realtime channel: tests/integration/realtime.test.ts" },
  // writes whose SQL rules are tested directly, not yet through the module
  ...writes("src/dashboard/admissions/data.ts", "withdrawApplication uploadRequestedDocument addComment requestDocument decide admit payApplicationFee reregisterCohort reregisterSameLevel"),
  ...writes("src/dashboard/assessment/data.ts", "publishEvaluation saveMarks"),
  ...writes("src/dashboard/assignments/data.ts", "saveAssignment uploadAttachment removeSubmissionFile"),
  ...writes(
    "src/dashboard/courses/data.ts",
    "createCourse enrolCohort bulkUpdateCourses saveCourseHostLink addLinkMaterial deleteMaterial deleteReview uploadFileMaterial deleteMaterialWithFile setLessonProgress addLesson deleteLesson proposeCourse withdrawProposal decideProposal",
  ),
  ...writes("src/dashboard/shared/certificates-data.ts", "issueCertificate"),
  ...writes("src/dashboard/finance/admin-data.ts", "reviewSlip recordCash refund waivePenalty"),
  ...writes("src/dashboard/finance/config-data.ts", "saveSchedule addInstalment removeInstalment assignSchedule setDiscount createSchedule"),
  ...writes("src/dashboard/finance/data.ts", "startMobilePayment submitBankSlip cancelPayment"),
  ...writes("src/dashboard/institution/data.ts", "saveSettings addSemester setCurrentSemester runWorkerTickNow"),
  ...writes("src/dashboard/shared/academic-years-data.ts", "addAcademicYear"),
  ...writes("src/dashboard/meetings/data.ts", "saveDefaultPlatform saveCredentials clearCredentials testCredentials createCourseMeeting importAttendance"),
  ...writes("src/dashboard/partners/data.ts", "savePartnerCourse setPartnerCourseOpen withdrawRequest"),
  ...writes("src/dashboard/people/data.ts", "createAccount setRole setDisabled sendPasswordReset resetMfa importStudents saveRequireAdminMfa"),
  ...writes("src/dashboard/professional/data.ts", "saveInternship"),
  ...writes("src/dashboard/quizzes/data.ts", "updateEvaluation deleteEvaluation setQuizPublished deleteQuestion releaseResults reviewAttempt"),
  ...writes("src/dashboard/results/data.ts", "publishDeliberation issueTranscript"),
  ...writes("src/dashboard/shared/sessions-data.ts", "updateSession rescheduleSession shiftSessions cancelSession createFeed revokeFeed"),
};

function writes(module: string, names: string): typeof NOT_RUN {
  return Object.fromEntries(names.split(" ").map((name) => [`${module}#${name}`, { kind: "write" as const, why: "not yet run through the module" }]));
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}
const rel = (path: string) => relative(ROOT, path).split("\\").join("/");

/** The dashboard's data modules: data.ts and <something>-data.ts. */
export const MODULES = walk(join(ROOT, "src/dashboard"))
  .filter((p) => /(^|\/)([\w-]+-)?data\.ts$/.test(rel(p)))
  .map(rel)
  .sort();

/** module → its exported functions whose first parameter is a SupabaseClient. */
function databaseFunctions(module: string): string[] {
  const source = readFileSync(join(ROOT, module), "utf8");
  return [...source.matchAll(/export (?:(?:async )?function (\w+)\s*(?:<[^>]*>)?\(|const (\w+) = (?:async )?\()\s*\w+\s*:\s*SupabaseClient\b/g)].map((m) => m[1] ?? m[2]);
}

/** module → the functions integration tests call, through `import * as x` or named imports. */
function calledByTests(): Map<string, Set<string>> {
  const called = new Map<string, Set<string>>();
  for (const file of walk(join(ROOT, "tests/integration")).filter((p) => p.endsWith(".ts"))) {
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/import\s+(?:\*\s+as\s+(\w+)|\{([^}]*)\})\s+from\s+"([^"]+)"/g)) {
      const module = rel(resolve(dirname(file), m[3]));
      if (!MODULES.includes(module)) continue;
      const set = called.get(module) ?? new Set<string>();
      called.set(module, set);
      const rest = source.replace(m[0], "");
      if (m[1]) for (const c of rest.matchAll(new RegExp(`\\b${m[1]}\\.(\\w+)\\(`, "g"))) set.add(c[1]);
      else
        for (const spec of m[2]
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s && !s.startsWith("type "))) {
          const [name, local = name] = spec.split(/\s+as\s+/);
          if (new RegExp(`\\b${local}\\(`).test(rest)) set.add(name);
        }
    }
  }
  return called;
}

describe("every data module's database function runs in an integration test", () => {
  const called = calledByTests();
  const all = MODULES.flatMap((module) => databaseFunctions(module).map((name) => ({ module, name, key: `${module}#${name}` })));

  it("finds the modules and their functions (the scan itself works)", () => {
    expect(MODULES).toEqual(expect.arrayContaining(["src/dashboard/home/data.ts", "src/dashboard/home/admin-data.ts", "src/dashboard/finance/config-data.ts"]));
    expect(all.map((f) => f.key)).toEqual(expect.arrayContaining(["src/dashboard/home/data.ts#fetchLatestMarks", "src/dashboard/meetings/data.ts#saveCredentials"]));
    expect(called.get("src/dashboard/home/data.ts")?.has("fetchLatestMarks")).toBe(true);
  });

  it("no function is left out unless listed with a reason", () => {
    const missing = all.filter((f) => !called.get(f.module)?.has(f.name) && !NOT_RUN[f.key]).map((f) => f.key);
    expect(missing, "call these from a test in tests/integration (tests/integration/reads/<role>.test.ts)").toEqual([]);
  });

  it("the list holds no function a test runs, none that is gone, and no read parked as a write", () => {
    const keys = new Set(all.map((f) => f.key));
    const stale = Object.keys(NOT_RUN).filter((key) => !keys.has(key) || called.get(key.split("#")[0])?.has(key.split("#")[1]));
    expect(stale, "remove these from NOT_RUN").toEqual([]);
    const readsAsWrites = Object.entries(NOT_RUN).filter(([key, v]) => v.kind === "write" && /#(fetch|list|get|count|search|find|load|read)[A-Z]/.test(key));
    expect(readsAsWrites.map(([key]) => key)).toEqual([]);
  });
});
