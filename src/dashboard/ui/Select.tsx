// One choice from a list too long for radio buttons (a school, a semester). Opens with
// Enter, Space or the arrows; typing a letter jumps to the matching option.
import type { Key, ReactNode, Ref } from "react";
import { Button, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { uiMessages } from "./messages.ts";
import { cx, inputBox, listItem, popover, scrollingList } from "./styles.ts";

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
  inputRef?: Ref<HTMLButtonElement>;
}

export function Select(allProps: SelectProps) {
  const { label, description, errorMessage, options, className, inputRef, value, defaultValue, onChange, placeholder, ...props } = allProps;
  const m = useMessages(uiMessages);
  return (
    <AriaSelect
      {...props}
      value={"value" in allProps ? (value ?? null) : undefined}
      defaultValue={defaultValue}
      onChange={(key: Key | null) => onChange?.(key === null ? null : String(key))}
      placeholder={placeholder ?? m.selectPlaceholder}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1", className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <Button ref={inputRef} className={cx(inputBox, "flex min-h-11 items-center justify-between gap-2 text-left")}>
        <SelectValue className="truncate data-[placeholder]:text-gray-600" />
        <Chevron />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox items={options} className={scrollingList}>
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} isDisabled={option.isDisabled} className={listItem}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

export function Chevron(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4 shrink-0 text-gray-700" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}
