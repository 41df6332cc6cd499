// One choice among a few visible options (arrow keys move between them).
import type { ReactNode, Ref } from "react";
import { Radio, RadioGroup as AriaRadioGroup } from "react-aria-components";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { cx } from "./styles.ts";

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
  inputRef?: Ref<HTMLDivElement>;
}

export function RadioGroup({ label, description, errorMessage, options, className, inputRef, orientation = "vertical", ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup
      {...props}
      value={"value" in props ? (props.value ?? null) : undefined}
      ref={inputRef}
      orientation={orientation}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1", className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <div className={cx("flex gap-x-4", orientation === "vertical" ? "flex-col" : "flex-row flex-wrap")}>
        {options.map((option) => (
          <Radio
            key={option.value}
            value={option.value}
            isDisabled={option.isDisabled}
            className="group flex min-h-11 cursor-default items-center gap-3 rounded-md text-gray-900 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-400 data-[disabled]:text-gray-500"
          >
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-gray-600 bg-white group-data-[selected]:border-brand-700 group-data-[invalid]:border-red-700"
            >
              <span className="hidden size-2.5 rounded-full bg-brand-700 group-data-[selected]:block" />
            </span>
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}
