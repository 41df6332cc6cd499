// A multi-line text input with its label, help and error.
import type { Ref } from "react";
import { TextArea as AriaTextArea, TextField as AriaTextField } from "react-aria-components";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { cx, inputBox } from "./styles.ts";

export interface TextAreaProps extends FieldBaseProps {
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, description, errorMessage, className, inputRef, rows = 4, placeholder, ...props }: TextAreaProps) {
  return (
    <AriaTextField {...props} value={"value" in props ? (props.value ?? "") : undefined} isInvalid={!!errorMessage} validationBehavior="aria" className={cx("flex flex-col gap-1", className)}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <AriaTextArea ref={inputRef} rows={rows} placeholder={placeholder} className={cx(inputBox, "resize-y")} />
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  );
}
