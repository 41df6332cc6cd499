// A course's materials grouped by week, each with its way to open it (a link in a new tab,
// or a file downloaded from private storage) and an optional action of the page (the
// teacher's and admin's "Retirer"). The student's course page and the materials editor
// share it, with its loading, error and empty states.
import type { ReactNode } from "react";
import { fill, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import type { Material } from "./data.ts";
import { saveMaterial } from "../shared/save-material.ts";
import { teachingMessages } from "./teaching-messages.ts";

export function MaterialsByWeek({
  materials,
  empty,
  action,
}: {
  materials: { data?: Material[]; error?: unknown; retry: () => void };
  /** What to say when the course has none (the student waits; the teacher adds one). */
  empty: string;
  action?: (item: Material) => ReactNode;
}) {
  const m = useMessages(teachingMessages);
  const { userId } = useSignedIn();
  if (materials.error) return <ErrorState error={materials.error} onRetry={materials.retry} />;
  if (!materials.data) return <Skeleton lines={3} />;
  if (materials.data.length === 0) return <p className="text-gray-700">{empty}</p>;
  const weeks = new Map<number, Material[]>();
  for (const item of materials.data) weeks.set(item.week, [...(weeks.get(item.week) ?? []), item]);
  return (
    <div className="space-y-4">
      {[...weeks].map(([week, items]) => (
        <section key={week} aria-label={fill(m.week, { n: week })}>
          <h3 className="font-semibold text-gray-900">{fill(m.week, { n: week })}</h3>
          <ul className="mt-1 divide-y divide-gray-100">
            {items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-1">
                <span className="text-gray-800">
                  {item.title} <span className="text-sm text-gray-700">({item.kind === "file" ? m.kindFile : m.kindLink})</span>
                </span>
                <span className="flex gap-1">
                  {item.kind === "link" && item.url ? (
                    <a href={item.url} target="_blank" rel="noopener noreferrer" className="px-2 text-sm font-medium text-brand-800 underline">
                      {m.openLink}
                      <span className="sr-only"> : {item.title}</span>
                    </a>
                  ) : item.storage_path ? (
                    <Button size="sm" variant="secondary" onPress={() => saveMaterial(item.storage_path!, userId).catch(toastError)}>
                      {m.download}
                      <span className="sr-only"> : {item.title}</span>
                    </Button>
                  ) : null}
                  {action?.(item)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
