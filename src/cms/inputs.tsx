// A set of checkboxes with a minimum, the one rule of the content model (src/lib/content/
// fields.ts, "choices") Keystatic's own fields lack: its multiselect accepts none ticked.
// The error shows under the group, tied to it for screen readers, once the editor changed
// it or tried to save; saving is refused until it is fixed, as the build would refuse it.
import { useState } from "react";
import type { BasicFormField } from "@keystatic/core";
import { Checkbox, CheckboxGroup } from "@keystar/ui/checkbox";

interface Checklist {
  label: string;
  description?: string;
  options: { value: string; label: string }[];
  min: number;
  /** What to say when fewer than `min` are ticked. */
  message: string;
}

/** Values among `options`, at least `min`, stored as a list in the options' order. */
export function checklistField({ label, description, options, min, message }: Checklist): BasicFormField<readonly string[]> {
  const known = options.map((o) => o.value);
  const parse = (value: unknown): readonly string[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && known.includes(v))) throw new Error(`${label}: ${known.join(", ")}`);
    return value as string[];
  };
  const validate = (value: readonly string[]) => {
    if (value.length < min) throw new Error(`${label}: ${message}`);
    return value;
  };
  return {
    kind: "form",
    label,
    Input({ value, onChange, forceValidation }) {
      const [touched, setTouched] = useState(false);
      return (
        <CheckboxGroup
          label={label}
          description={description}
          isRequired={min > 0}
          value={[...value]}
          onChange={(next) => {
            setTouched(true);
            onChange(known.filter((v) => next.includes(v)));
          }}
          errorMessage={(touched || forceValidation) && value.length < min ? message : undefined}
        >
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value}>
              {option.label}
            </Checkbox>
          ))}
        </CheckboxGroup>
      );
    },
    defaultValue: () => [],
    parse,
    serialize: (value) => ({ value: [...value] }),
    validate,
    reader: { parse: (value) => validate(parse(value)) },
  };
}
