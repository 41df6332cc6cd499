// A searchable choice (a course among hundreds, a student): type to filter, arrows to move,
// Enter to pick. Filtering is local by default; pass onInputChange + items from the server
// for long lists.
import type { Key, Ref } from "react";
import { Button, ComboBox as AriaComboBox, Input, ListBox, ListBoxItem, Popover } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { uiMessages } from "./messages.ts";
import { Chevron, type Option } from "./Select.tsx";
import { cx, focusRing, inputBox, listItem, popover, scrollingList } from "./styles.ts";

export interface ComboBoxProps extends FieldBaseProps {
  options: Option[];
  value?: string | null;
  defaultValue?: string;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  /** Server-side search: called with the typed text; then `options` are the server's answer. */
  onInputChange?: (text: string) => void;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** "focus" keeps the list open while the field has focus (server answers arriving after typing). */
  menuTrigger?: "focus" | "input" | "manual";
}

const renderOption = (option: Option) => (
  <ListBoxItem id={option.value} textValue={option.label} isDisabled={option.isDisabled} className={listItem}>
    {option.label}
  </ListBoxItem>
);

export function ComboBox(allProps: ComboBoxProps) {
  const { label, description, errorMessage, options, className, inputRef, value, defaultValue, onChange, onInputChange, placeholder, ...props } = allProps;
  const m = useMessages(uiMessages);
  return (
    <AriaComboBox
      {...props}
      {...(onInputChange ? { items: options, onInputChange } : { defaultItems: options })}
      selectedKey={"value" in allProps ? (value ?? null) : undefined}
      defaultSelectedKey={defaultValue}
      onSelectionChange={(key: Key | null) => onChange?.(key === null ? null : String(key))}
      isInvalid={!!errorMessage}
      validationBehavior="aria"
      className={cx("flex flex-col gap-1", className)}
    >
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <div className="relative">
        <Input ref={inputRef} placeholder={placeholder} className={cx(inputBox, "pr-11")} />
        <Button aria-label={m.showOptions} className={cx("absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md", focusRing)}>
          <Chevron />
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox<Option> className={scrollingList}>{renderOption}</ListBox>
      </Popover>
    </AriaComboBox>
  );
}
