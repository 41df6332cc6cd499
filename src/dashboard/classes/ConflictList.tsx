// The double-bookings the database reports (a teacher or a cohort already busy, or two
// slots of one batch overlapping), one line each, announced to screen readers.
import { fill, useMessages } from "../i18n.ts";
import type { SessionConflict } from "../shared/sessions-data.ts";
import { planMessages } from "./messages.ts";

export function ConflictList({ conflicts, whenOf }: { conflicts: SessionConflict[]; whenOf: (c: SessionConflict) => string }) {
  const m = useMessages(planMessages);
  if (!conflicts.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900" data-testid="conflicts">
      <p className="font-semibold">{m.conflictsTitle}</p>
      <ul className="mt-1 list-disc pl-5">
        {conflicts.slice(0, 20).map((c, i) => (
          <li key={i}>{fill(c.kind === "teacher" ? m.conflictTeacher : c.kind === "cohort" ? m.conflictCohort : m.conflictBatch, { when: whenOf(c), course: c.course_code ?? "" })}</li>
        ))}
      </ul>
    </div>
  );
}
