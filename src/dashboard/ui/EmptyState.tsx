// "Nothing here yet" that names the next action (DESIGN §6 States): a sentence, then a button
// or link that does it.
import type { ReactNode } from "react";

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** The next action: a <Button> or <LinkButton>. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, description, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div data-testid="empty-state" className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-400 bg-white px-4 py-10 text-center">
      <Heading className="text-lg font-semibold text-gray-900">{title}</Heading>
      {description && <p className="max-w-prose text-gray-700">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
