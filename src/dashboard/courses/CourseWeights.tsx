// The admin's form for a course's CC/exam weights (issue 20 §7): the exam weight follows
// (100 − CC); frozen, and shown as such, once the course's semester has a closed session.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { CC_WEIGHT_MAX, CC_WEIGHT_MIN, ccWeightSchema, fetchCourseWeights, saveCourseWeights } from "./weights.ts";
import { weightsMessages } from "./weights-messages.ts";

export function CourseWeights({ courseId }: { courseId: string }) {
  const m = useMessages(weightsMessages);
  const weights = useScheduleQuery(["course-weights", courseId], () => fetchCourseWeights(getSupabase(), courseId));
  const [value, setValue] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string>();
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  if (weights.error) return <ErrorState error={weights.error} onRetry={weights.retry} />;
  if (weights.data === undefined) return <Skeleton lines={2} />;
  const current = value === undefined ? weights.data.ccWeight : value;
  return (
    <Card title={m.title} description={m.description} testId="manage-weights">
      {weights.data.frozen ? (
        <p className="text-gray-900">{fill(m.frozen, { cc: weights.data.ccWeight, exam: 100 - weights.data.ccWeight })}</p>
      ) : (
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!ccWeightSchema.safeParse(current).success) return setError(m.invalid);
            setError(undefined);
            setPending(true);
            try {
              await saveCourseWeights(getSupabase(), courseId, current!);
              setNote(m.saved);
              setValue(undefined);
              weights.retry();
            } catch (failure) {
              toastError(failure);
            } finally {
              setPending(false);
            }
          }}
        >
          <NumberField
            label={m.cc}
            value={current}
            onChange={(v) => {
              setValue(v);
              setNote("");
            }}
            minValue={CC_WEIGHT_MIN}
            maxValue={CC_WEIGHT_MAX}
            step={1}
            errorMessage={error}
          />
          <p className="pb-3 text-gray-900" aria-live="polite">
            {fill(m.exam, { exam: current === null ? "—" : 100 - current })}
          </p>
          <Button type="submit" variant="secondary" isPending={pending}>
            {m.save}
          </Button>
          <p role="status" className="w-full text-sm text-green-800">
            {note}
          </p>
        </form>
      )}
    </Card>
  );
}
