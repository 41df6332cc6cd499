// A one-line text input with its label, help and error.
import type { Ref } from "react";
import { Input, TextField as AriaTextField } from "react-aria-components";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { cx, inputBox } from "./styles.ts";

export interface TextFieldProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  type?: "text" | "email" | "tel" | "url" | "password" | "search";
  autoComplete?: string;
  inputMode?: "text" | "email" | "tel" | "url" | "numeric" | "decimal" | "search";
  placeholder?: string;
  maxLength?: number;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField({ label, description, errorMessage, className, inputRef, placeholder, ...props }: TextFieldProps) {
  return (
    <AriaTextField
      {...props}
      // A form-bound field is controlled from the start, even before it has a value.
      value={"value" in props ? (props.value ?? "") : undefined}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1", className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Input ref={inputRef} placeholder={placeholder} className={inputBox} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
