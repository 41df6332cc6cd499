// A titled block of a page. The section is named by its h2 so it is a landmark-like region
// screen-reader users can jump to.
import { useId, type ReactNode } from "react";
import { cx } from "./styles.ts";

export interface CardProps {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
  testId?: string;
}

export function Card({ title, description, actions, headingLevel = 2, className, children, testId }: CardProps) {
  const id = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby={title ? id : undefined} data-testid={testId} className={cx("rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6", className)}>
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div>
            {title && (
              <Heading id={id} className="text-xl font-bold text-brand-900">
                {title}
              </Heading>
            )}
            {description && <p className="mt-1 text-sm text-gray-700">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}

/** A page section without the card's frame. */
export function Section({ title, children, className }: { title: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx("mt-8", className)}>
      <h2 id={id} className="mb-3 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
