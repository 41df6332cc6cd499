// A time of day (a class starts at 08:30), 24-hour clock, typed hour then minute.
// Value in and out: "HH:mm" (Douala wall-clock time), or null.
import type { Ref } from "react";
import { DateInput, DateSegment, I18nProvider, TimeField as AriaTimeField } from "react-aria-components";
import { useLocale } from "../i18n.ts";
import { segmentClass } from "./DatePicker.tsx";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { dateLocale, fromTime, toTime } from "./dates.ts";
import { cx, inputBox } from "./styles.ts";

export interface TimeFieldProps extends FieldBaseProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  minValue?: string;
  maxValue?: string;
  inputRef?: Ref<HTMLDivElement>;
}

export function TimeField(allProps: TimeFieldProps) {
  const { label, description, errorMessage, className, inputRef, value, onChange, minValue, maxValue, ...props } = allProps;
  const locale = useLocale();
  return (
    <I18nProvider locale={dateLocale(locale)}>
      <AriaTimeField
        {...props}
        ref={inputRef}
        value={"value" in allProps ? toTime(value) : undefined}
        onChange={(next) => onChange?.(next ? fromTime(next as Parameters<typeof fromTime>[0]) : null)}
        minValue={toTime(minValue) ?? undefined}
        maxValue={toTime(maxValue) ?? undefined}
        hourCycle={24}
        isInvalid={!!errorMessage}
        validationBehavior="aria"
        className={cx("flex flex-col gap-1", className)}
      >
        <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
        <DateInput className={cx(inputBox, "flex w-32 data-[focus-within]:border-brand-700")}>{(segment) => <DateSegment segment={segment} className={segmentClass} />}</DateInput>
        <FieldHelp description={description} errorMessage={errorMessage} />
      </AriaTimeField>
    </I18nProvider>
  );
}
