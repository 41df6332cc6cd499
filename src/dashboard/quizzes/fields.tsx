// Small native fields shared by the evaluation and quiz forms: a label, the control, and the
// error read with it (aria-describedby), styled like the kit's fields.
import { useId, type ReactNode } from "react";
import { cx, errorText, inputBox, labelText } from "../ui/styles.ts";

export function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string;
  children: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string; className: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      {children({ id, className: cx(inputBox, "min-h-11"), ...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {}) })}
      {error && (
        <span id={errorId} className={errorText}>
          {error}
        </span>
      )}
    </div>
  );
}

/** Follows an in-app link without reloading (the router listens to link clicks). */
export function openInApp(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The first message of each field from a zod/mini error, keyed by its path. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
