// Label, help text and error of a field. Inside a react-aria field these are wired to the
// input by the field itself (aria-labelledby, aria-describedby), so screen readers read
// the label, then the error, then the help.
import type { ReactNode } from "react";
import { FieldError, Label, Text } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { uiMessages } from "./messages.ts";
import { descriptionText, errorText, labelText } from "./styles.ts";

/** What every field of the kit accepts besides its value. */
export interface FieldBaseProps {
  label: ReactNode;
  description?: ReactNode;
  /** Shown (and aria-invalid set) when present: the form's message for this field. */
  errorMessage?: string;
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
}

export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  const m = useMessages(uiMessages);
  return (
    <Label className={labelText}>
      {children}
      {isRequired && (
        <span className="ml-1 text-red-800" title={m.required}>
          <span aria-hidden="true">*</span>
        </span>
      )}
    </Label>
  );
}

export function FieldHelp({ description, errorMessage }: { description?: ReactNode; errorMessage?: string }) {
  return (
    <>
      {description && (
        <Text slot="description" className={descriptionText}>
          {description}
        </Text>
      )}
      <FieldError className={errorText}>{errorMessage}</FieldError>
    </>
  );
}
