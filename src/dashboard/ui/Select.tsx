// One choice from a list too long for radio buttons (a school, a semester): the browser's own
// <select>. It is accessible everywhere, opens the phone's native picker, types ahead, and
// costs no JavaScript; react-aria's Select brought its popover, collection and menu modules
// (about 30 KB gzip) into every page with a filter. Searching a long list is ComboBox's job.
import { useId, type ReactNode, type Ref } from "react";
import { useMessages } from "../i18n.ts";
import type { FieldBaseProps } from "./FieldParts.tsx";
import { uiMessages } from "./messages.ts";
import { describedBy, NativeField } from "./NativeField.tsx";
import { cx, inputBox } from "./styles.ts";

export interface Option {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps extends FieldBaseProps {
  options: Option[];
  /** null = nothing chosen. */
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  placeholder?: string;
  inputRef?: Ref<HTMLSelectElement>;
}

export function Select({ label, description, errorMessage, options, className, inputRef, value, defaultValue, onChange, onBlur, placeholder, name, isRequired, isDisabled }: SelectProps) {
  const m = useMessages(uiMessages);
  const id = useId();
  const controlled = value !== undefined;
  const chosen = controlled ? (value ?? "") : undefined;
  // The placeholder stays listed (disabled) until something is chosen, as react-aria's did.
  const showPlaceholder = controlled ? !value : !defaultValue;
  return (
    <NativeField id={id} label={label} description={description} errorMessage={errorMessage} isRequired={isRequired} className={className}>
      <select
        id={id}
        ref={inputRef}
        name={name}
        value={chosen}
        defaultValue={controlled ? undefined : (defaultValue ?? "")}
        onChange={(event) => onChange?.(event.target.value === "" ? null : event.target.value)}
        onBlur={onBlur}
        required={isRequired}
        disabled={isDisabled}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(id, description, errorMessage)}
        className={cx(inputBox, "min-h-11 aria-[invalid=true]:border-red-700 disabled:bg-gray-100 disabled:text-gray-600")}
      >
        {showPlaceholder && (
          <option value="" disabled>
            {placeholder ?? m.selectPlaceholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </select>
    </NativeField>
  );
}

export function Chevron(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-gray-700" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}
