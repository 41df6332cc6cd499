import { describe, expect, it } from "vitest";
import { planImport } from "../../src/lib/results/gradebook-import.ts";
import type { MarkEntry } from "../../src/lib/results/mark-entry.ts";

const evaluations = [
  { id: "e1", title: "Contrôle continu 1", isPublished: true },
  { id: "e2", title: "Examen final", isPublished: false },
];
const students = [
  { id: "s1", name: "Awa Ngono" },
  { id: "s2", name: "Paul Biya" },
  { id: "s3", name: "Paul Biya" },
];
const stored: Record<string, MarkEntry> = { "e1:s1": { status: "marked", score: 12 }, "e1:s2": { status: "marked", score: 9 } };
const existing = (e: string, s: string) => stored[`${e}:${s}`] ?? null;

describe("gradebook import dry run", () => {
  it("plans new and changed marks, flags a published change, keeps unchanged ones", () => {
    const plan = planImport(
      [
        { ID: "s1", Étudiant: "Awa Ngono", "Contrôle continu 1": "12", "Examen final": "14,5", "Note du cours /20": "13,10" },
        { ID: "s2", Étudiant: "Paul Biya", "Contrôle continu 1": "10", "Examen final": "" },
        { ID: "", Étudiant: "awa  ngono", "Contrôle continu 1": "", "Examen final": "abs" },
      ],
      "Étudiant",
      evaluations,
      students,
      existing,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.unchanged).toBe(1);
    expect(plan.ignoredColumns).toEqual(["Note du cours /20"]);
    expect(plan.changes).toEqual([
      { line: 2, evaluationId: "e2", studentId: "s1", entry: { status: "marked", score: 14.5 }, changesPublished: false, isNew: true },
      { line: 3, evaluationId: "e1", studentId: "s2", entry: { status: "marked", score: 10 }, changesPublished: true, isNew: false },
      { line: 4, evaluationId: "e2", studentId: "s1", entry: { status: "absent", score: null }, changesPublished: false, isNew: true },
    ]);
  });

  it("reports unknown and ambiguous students, refused marks, and a file with no evaluation column", () => {
    const plan = planImport(
      [
        { ID: "", Étudiant: "Inconnu", "Examen final": "12" },
        { ID: "", Étudiant: "Paul Biya", "Examen final": "12" },
        { ID: "s1", Étudiant: "Awa Ngono", "Examen final": "22" },
      ],
      "Étudiant",
      evaluations,
      students,
      existing,
    );
    expect(plan.changes).toEqual([]);
    expect(plan.problems).toEqual([
      { kind: "unknown_student", line: 2, value: "Inconnu" },
      { kind: "ambiguous_student", line: 3, value: "Paul Biya" },
      { kind: "invalid_mark", line: 4, column: "Examen final", value: "22" },
    ]);
    expect(planImport([{ Nom: "x", Note: "12" }], "Étudiant", evaluations, students, existing).problems).toEqual([{ kind: "no_evaluation_column" }]);
  });
});
