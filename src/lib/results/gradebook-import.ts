// The dry run of a gradebook CSV import: which marks the file would add or change, which
// cells are refused and why. The file is the gradebook's own export (an "ID" column with
// the student's id, then one column per evaluation, by title); a student is found by ID,
// or else by exact name. Empty cells leave a mark as it is. Nothing is written here.
import { parseMarkEntry, sameEntry, type MarkEntry } from "./mark-entry.ts";

export const ID_COLUMN = "ID";

export interface ImportEvaluation {
  id: string;
  title: string;
  isPublished: boolean;
}
export interface ImportStudent {
  id: string;
  name: string;
}
export type ImportProblem =
  | { kind: "unknown_student"; line: number; value: string }
  | { kind: "ambiguous_student"; line: number; value: string }
  | { kind: "invalid_mark"; line: number; column: string; value: string }
  | { kind: "no_evaluation_column" };
export interface ImportChange {
  line: number;
  evaluationId: string;
  studentId: string;
  entry: Exclude<MarkEntry, null>;
  /** True when it changes a published mark (recorded in the history, the student told). */
  changesPublished: boolean;
  isNew: boolean;
}
export interface ImportPlan {
  changes: ImportChange[];
  unchanged: number;
  problems: ImportProblem[];
  /** Columns that match no evaluation (ignored). */
  ignoredColumns: string[];
}

const norm = (s: string) => s.trim().replace(/\s+/g, " ").toLocaleLowerCase("fr");

export function planImport(
  records: Record<string, string>[],
  nameColumn: string,
  evaluations: ImportEvaluation[],
  students: ImportStudent[],
  existing: (evaluationId: string, studentId: string) => MarkEntry,
): ImportPlan {
  const columns = Object.keys(records[0] ?? {});
  const byTitle = new Map(evaluations.map((e) => [norm(e.title), e]));
  const matched = columns.filter((c) => byTitle.has(norm(c)));
  const ignoredColumns = columns.filter((c) => !byTitle.has(norm(c)) && c !== ID_COLUMN && c !== nameColumn);
  const plan: ImportPlan = { changes: [], unchanged: 0, problems: [], ignoredColumns };
  if (matched.length === 0) {
    plan.problems.push({ kind: "no_evaluation_column" });
    return plan;
  }
  const byId = new Map(students.map((s) => [s.id, s]));
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const id = (record[ID_COLUMN] ?? "").trim();
    const name = (record[nameColumn] ?? "").trim();
    let student = id ? byId.get(id) : undefined;
    if (!student) {
      const named = students.filter((s) => norm(s.name) === norm(name));
      if (named.length > 1) return plan.problems.push({ kind: "ambiguous_student", line, value: name });
      student = named[0];
    }
    if (!student) return plan.problems.push({ kind: "unknown_student", line, value: id || name });
    for (const column of matched) {
      const text = (record[column] ?? "").trim();
      if (text === "") continue;
      const parsed = parseMarkEntry(text);
      if (!parsed.ok || parsed.entry === null) {
        plan.problems.push({ kind: "invalid_mark", line, column, value: text });
        continue;
      }
      const evaluation = byTitle.get(norm(column))!;
      const before = existing(evaluation.id, student.id);
      if (sameEntry(before, parsed.entry)) {
        plan.unchanged += 1;
        continue;
      }
      plan.changes.push({
        line,
        evaluationId: evaluation.id,
        studentId: student.id,
        entry: parsed.entry,
        changesPublished: evaluation.isPublished && before !== null,
        isNew: before === null,
      });
    }
  });
  return plan;
}
