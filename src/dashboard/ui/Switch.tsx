// An on/off setting that takes effect at once (a preference), unlike a checkbox in a form.
import type { ReactNode, Ref } from "react";
import { useId } from "react";
import { Switch as AriaSwitch, Text } from "react-aria-components";
import { cx, descriptionText, errorText } from "./styles.ts";

export interface SwitchProps {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: string;
  value?: boolean;
  defaultValue?: boolean;
  onChange?: (value: boolean) => void;
  onBlur?: () => void;
  name?: string;
  isDisabled?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function Switch(allProps: SwitchProps) {
  const { label, description, errorMessage, value, defaultValue, className, inputRef, ...props } = allProps;
  const helpId = useId();
  const errorId = useId();
  const describedBy = [description && helpId, errorMessage && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col", className)}>
      <AriaSwitch
        {...props}
        inputRef={inputRef as Ref<HTMLInputElement> | undefined}
        // A form-bound box is controlled from the start, even before it has a value.
        isSelected={"value" in allProps ? !!value : undefined}
        defaultSelected={defaultValue}
        aria-describedby={describedBy}
        className="group flex min-h-11 cursor-default items-center gap-3 rounded-md text-gray-900 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-400"
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-gray-600 bg-gray-200 px-0.5 transition-colors group-data-[selected]:border-brand-700 group-data-[selected]:bg-brand-700"
        >
          <span className="size-4 rounded-full bg-gray-700 transition-transform group-data-[selected]:translate-x-5 group-data-[selected]:bg-white" />
        </span>
        <span>{label}</span>
      </AriaSwitch>
      {description && (
        <Text id={helpId} className={cx(descriptionText, "ml-14")}>
          {description}
        </Text>
      )}
      {errorMessage && (
        <span id={errorId} className={cx(errorText, "ml-14")}>
          {errorMessage}
        </span>
      )}
    </div>
  );
}
