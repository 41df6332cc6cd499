// One choice among a few visible options: the browser's own radio buttons in a fieldset
// (Tab enters the group at the chosen option, arrow keys move and choose, the legend names
// it). react-aria's RadioGroup brought its focus-scope module with it (about 7 KB gzip), for
// what native radios do without JavaScript, as ui/Select.tsx does for lists.
import { useId, type ReactNode, type Ref } from "react";
import { useMessages } from "../i18n.ts";
import type { FieldBaseProps } from "./FieldParts.tsx";
import { uiMessages } from "./messages.ts";
import { describedBy } from "./NativeField.tsx";
import { cx, descriptionText, errorText, labelText } from "./styles.ts";

export interface RadioOption {
  value: string;
  label: ReactNode;
  isDisabled?: boolean;
}

export interface RadioGroupProps extends FieldBaseProps {
  options: RadioOption[];
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  orientation?: "vertical" | "horizontal";
  /** The first radio button (a form focuses it to show an error). */
  inputRef?: Ref<HTMLInputElement>;
}

export function RadioGroup(props: RadioGroupProps) {
  const { label, description, errorMessage, options, className, inputRef, orientation = "vertical", value, defaultValue, onChange, onBlur, name, isRequired, isDisabled } = props;
  const m = useMessages(uiMessages);
  const id = useId();
  // A form field passes `value` from the start, undefined until something is chosen: still controlled.
  const controlled = "value" in props;
  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      disabled={isDisabled}
      aria-invalid={errorMessage ? true : undefined}
      aria-required={isRequired || undefined}
      aria-describedby={describedBy(id, description, errorMessage)}
      className={cx("flex min-w-0 flex-col gap-1", className)}
    >
      <legend id={`${id}-label`} className={labelText}>
        {label}
        {isRequired && (
          <span className="ml-1 text-red-800" title={m.required}>
            <span aria-hidden="true">*</span>
          </span>
        )}
      </legend>
      <div className={cx("flex gap-x-4", orientation === "vertical" ? "flex-col" : "flex-row flex-wrap")}>
        {options.map((option, i) => (
          <label key={option.value} className={cx("flex min-h-11 items-center gap-3 text-gray-900", option.isDisabled || isDisabled ? "text-gray-500" : "cursor-pointer")}>
            <input
              type="radio"
              ref={i === 0 ? inputRef : undefined}
              name={name ?? id}
              value={option.value}
              checked={controlled ? value === option.value : undefined}
              defaultChecked={controlled ? undefined : defaultValue === option.value}
              disabled={option.isDisabled}
              onChange={() => onChange?.(option.value)}
              onBlur={onBlur}
              className="size-5 shrink-0 accent-brand-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
            />
            {option.label}
          </label>
        ))}
      </div>
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
    </fieldset>
  );
}
