// The frame of a field that is one of the browser's own controls (Select, DateInput): its
// label, the control, its help and its error, wired with htmlFor and aria-describedby as the
// react-aria fields wire theirs (the label, then the error, then the help).
import type { ReactNode } from "react";
import { useMessages } from "../i18n.ts";
import type { FieldBaseProps } from "./FieldParts.tsx";
import { uiMessages } from "./messages.ts";
import { cx, descriptionText, errorText, labelText } from "./styles.ts";

/** The ids of the help and error of the field `id`, for the control's aria-describedby. */
export function describedBy(id: string, description: ReactNode, errorMessage: string | undefined): string | undefined {
  return [errorMessage && `${id}-error`, description && `${id}-help`].filter(Boolean).join(" ") || undefined;
}

export function NativeField({
  id,
  label,
  description,
  errorMessage,
  isRequired,
  className,
  children,
}: Pick<FieldBaseProps, "label" | "description" | "errorMessage" | "isRequired" | "className"> & { id: string; children: ReactNode }) {
  const m = useMessages(uiMessages);
  return (
    <div className={cx("flex flex-col gap-1", className)}>
      <label htmlFor={id} className={labelText}>
        {label}
        {isRequired && (
          <span className="ml-1 text-red-800" title={m.required}>
            <span aria-hidden="true">*</span>
          </span>
        )}
      </label>
      {children}
      {description && (
        <span id={`${id}-help`} className={descriptionText}>
          {description}
        </span>
      )}
      {errorMessage && (
        <span id={`${id}-error`} className={errorText}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
