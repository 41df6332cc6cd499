// A day typed or picked with the browser's own date control (the phone's date wheel or
// calendar, a desktop browser's calendar), for a page's first screen, such as a period
// filter: it costs no JavaScript, where react-aria's DatePicker (ui/DatePicker.tsx, for
// forms in dialogs) weighs about 40 KB gzip with its calendar popover. The browser shows the
// day in its own language's order; the value is "YYYY-MM-DD" either way.
import { useId, type Ref } from "react";
import type { FieldBaseProps } from "./FieldParts.tsx";
import { describedBy, NativeField } from "./NativeField.tsx";
import { cx, inputBox } from "./styles.ts";

export interface DateInputProps extends FieldBaseProps {
  /** "YYYY-MM-DD", or null/"" for no day. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  /** Earliest / latest day allowed, "YYYY-MM-DD". */
  minValue?: string;
  maxValue?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function DateInput({ label, description, errorMessage, className, inputRef, value, onChange, onBlur, minValue, maxValue, name, isRequired, isDisabled }: DateInputProps) {
  const id = useId();
  return (
    <NativeField id={id} label={label} description={description} errorMessage={errorMessage} isRequired={isRequired} className={className}>
      <input
        id={id}
        ref={inputRef}
        type="date"
        name={name}
        value={value ?? ""}
        min={minValue}
        max={maxValue}
        onChange={(event) => onChange?.(event.target.value || null)}
        onBlur={onBlur}
        required={isRequired}
        disabled={isDisabled}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(id, description, errorMessage)}
        className={cx(inputBox, "min-h-11 max-w-xs aria-[invalid=true]:border-red-700 disabled:bg-gray-100 disabled:text-gray-600")}
      />
    </NativeField>
  );
}
