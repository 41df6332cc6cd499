// A number input formatted in the page's language (12,5 in French), with − and + steppers.
import type { Ref } from "react";
import { Button, Group, Input, NumberField as AriaNumberField } from "react-aria-components";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { cx, focusRing, inputBox } from "./styles.ts";

export interface NumberFieldProps extends FieldBaseProps {
  /** null when empty. */
  value?: number | null;
  defaultValue?: number;
  onChange?: (value: number | null) => void;
  onBlur?: () => void;
  minValue?: number;
  maxValue?: number;
  step?: number;
  formatOptions?: Intl.NumberFormatOptions;
  inputRef?: Ref<HTMLInputElement>;
}

const stepper = cx("flex min-h-11 w-11 items-center justify-center border-gray-500 text-lg font-bold text-brand-900 data-[hovered]:bg-gray-100 data-[disabled]:text-gray-400", focusRing);

export function NumberField(allProps: NumberFieldProps) {
  const { label, description, errorMessage, className, inputRef, value, onChange, ...props } = allProps;
  // A form-bound field is controlled from the start; react-aria says NaN for "empty".
  const controlled = "value" in allProps;
  return (
    <AriaNumberField
      {...props}
      value={controlled ? (value ?? Number.NaN) : undefined}
      onChange={onChange && ((n) => onChange(Number.isNaN(n) ? null : n))}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1", className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Group className="flex w-full max-w-xs rounded-md">
        <Button slot="decrement" className={cx(stepper, "rounded-l-md border border-r-0")}>
          −
        </Button>
        <Input ref={inputRef} className={cx(inputBox, "rounded-none text-center")} />
        <Button slot="increment" className={cx(stepper, "rounded-r-md border border-l-0")}>
          +
        </Button>
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  );
}
