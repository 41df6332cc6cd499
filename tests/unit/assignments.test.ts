import { describe, expect, it } from "vitest";
import { acceptsWork, assignmentStatus, lateDays } from "../../src/dashboard/assignments/status.ts";
import { ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES, filesOf, safeName } from "../../src/dashboard/assignments/data.ts";
import { assignmentFormSchema, checkUploads } from "../../src/lib/forms/assignment.ts";

const due = new Date("2026-03-10T22:59:00Z");
const at = (iso: string) => new Date(iso);
const base = { opens_at: at("2026-03-01T08:00:00Z"), due_at: due, late_policy: "refuse" as const, submission: null };

describe("an assignment's status for a student", () => {
  it("follows the clock, the policy and the submission", () => {
    expect(assignmentStatus(base, at("2026-02-28T08:00:00Z"))).toBe("upcoming");
    expect(assignmentStatus(base, at("2026-03-05T08:00:00Z"))).toBe("due");
    expect(assignmentStatus(base, at("2026-03-11T08:00:00Z"))).toBe("closed");
    expect(assignmentStatus({ ...base, late_policy: "penalty" }, at("2026-03-11T08:00:00Z"))).toBe("overdue");
    expect(assignmentStatus({ ...base, submission: { submitted_at: at("2026-03-10T22:00:00Z"), graded_at: null } }, at("2026-03-12T00:00:00Z"))).toBe("submitted");
    expect(assignmentStatus({ ...base, submission: { submitted_at: at("2026-03-11T01:00:00Z"), graded_at: null } }, at("2026-03-12T00:00:00Z"))).toBe("late");
    expect(assignmentStatus({ ...base, submission: { submitted_at: at("2026-03-09T01:00:00Z"), graded_at: at("2026-03-12T00:00:00Z") } }, at("2026-03-13T00:00:00Z"))).toBe("marked");
    expect(acceptsWork(base, at("2026-03-11T00:00:00Z"))).toBe(false);
    expect(acceptsWork({ ...base, late_policy: "accept" }, at("2026-03-11T00:00:00Z"))).toBe(true);
    expect(acceptsWork(base, at("2026-02-01T00:00:00Z"))).toBe(false);
  });

  it("counts started days late as the database does", () => {
    expect(lateDays(due, due)).toBe(0);
    expect(lateDays(new Date(due.getTime() + 1000), due)).toBe(1);
    expect(lateDays(new Date(due.getTime() + 36 * 3600_000), due)).toBe(2);
    expect(lateDays(due, null)).toBe(0);
  });
});

describe("files handed in", () => {
  it("are checked for type, size and count before upload", () => {
    const pdf = { name: "Copie.PDF", size: 1000 };
    expect(checkUploads([pdf], 0, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES)).toEqual([]);
    expect(checkUploads([{ name: "virus.exe", size: 10 }], 0, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES)).toEqual([{ key: "badType", name: "virus.exe" }]);
    expect(checkUploads([{ name: "gros.pdf", size: MAX_FILE_BYTES + 1 }], 0, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES)).toEqual([{ key: "badSize", name: "gros.pdf" }]);
    expect(checkUploads([pdf], MAX_FILES, ACCEPTED_TYPES, MAX_FILE_BYTES, MAX_FILES)).toEqual([{ key: "tooMany", name: "" }]);
  });

  it("get safe object names, and a submission lists its legacy file and its files once", () => {
    expect(safeName("Mémoire final (v2).PDF")).toBe("Memoire-final-v2.pdf");
    expect(safeName("../../etc/passwd")).toBe("passwd");
    expect(safeName("..")).toBe("fichier");
    expect(filesOf({ file_path: "a/b/c/x.pdf", files: ["a/b/c/y.pdf"] })).toEqual(["a/b/c/x.pdf", "a/b/c/y.pdf"]);
    expect(filesOf({ file_path: "a/b/c/y.pdf", files: ["a/b/c/y.pdf"] })).toEqual(["a/b/c/y.pdf"]);
  });
});

describe("the assignment form", () => {
  const valid = { course_id: "c", title: "Projet", instructions: "", opens_at: null, due_at: "2026-03-10T22:59:00Z", late_policy: "accept", late_penalty_per_day: 0, coefficient: 1 };
  const keys = (v: object) => {
    const r = assignmentFormSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
  };
  it("asks for a deadline after the opening, and a penalty when the policy has one", () => {
    expect(keys(valid)).toEqual([]);
    expect(keys({ ...valid, title: " ", due_at: null })).toEqual(["title:required", "due_at:required"]);
    expect(keys({ ...valid, opens_at: "2026-03-11T00:00:00Z" })).toEqual(["due_at:dueBeforeOpen"]);
    expect(keys({ ...valid, late_policy: "penalty", late_penalty_per_day: 0 })).toEqual(["late_penalty_per_day:penaltyRange"]);
    expect(keys({ ...valid, coefficient: 0 })).toEqual(["coefficient:coefficientRange"]);
  });
});
