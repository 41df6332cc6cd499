// A single yes/no box (consent, "send a copy"); its error is announced with it.
import type { ReactNode, Ref } from "react";
import { Checkbox as AriaCheckbox, Text } from "react-aria-components";
import { useId } from "react";
import { cx, descriptionText, errorText } from "./styles.ts";

export interface CheckboxProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  value?: boolean;
  defaultValue?: boolean;
  onChange?: (value: boolean) => void;
  onBlur?: () => void;
  name?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function Checkbox(allProps: CheckboxProps) {
  const { label, description, errorMessage, value, defaultValue, className, inputRef, ...props } = allProps;
  const helpId = useId();
  const errorId = useId();
  const describedBy = [description && helpId, errorMessage && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col", className)}>
      <AriaCheckbox
        {...props}
        inputRef={inputRef as Ref<HTMLInputElement> | undefined}
        // A form-bound box is controlled from the start, even before it has a value.
        isSelected={"value" in allProps ? !!value : undefined}
        defaultSelected={defaultValue}
        isInvalid={!!errorMessage}
        validationBehavior="aria"
        aria-describedby={describedBy}
        className={cx(
          "group flex min-h-11 cursor-default items-center gap-3 rounded-md text-gray-900",
          "data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-400",
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            "flex size-5 shrink-0 items-center justify-center rounded border-2 border-gray-600 bg-white text-white",
            "group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700 group-data-[invalid]:border-red-700",
          )}
        >
          <svg viewBox="0 0 16 16" className="hidden size-3.5 group-data-[selected]:block" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M3 8.5l3 3 7-7" />
          </svg>
        </span>
        <span>{label}</span>
      </AriaCheckbox>
      {description && (
        <Text id={helpId} className={cx(descriptionText, "ml-8")}>
          {description}
        </Text>
      )}
      {errorMessage && (
        <span id={errorId} className={cx(errorText, "ml-8")}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
