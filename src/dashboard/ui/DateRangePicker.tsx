// A period (from … to …), typed or picked in a calendar, in the page's language.
// Value in and out: { start: "YYYY-MM-DD", end: "YYYY-MM-DD" } or null.
import type { Ref } from "react";
import { Button, DateInput, DateRangePicker as AriaDateRangePicker, DateSegment, Dialog, Group, I18nProvider, Popover } from "react-aria-components";
import { useLocale, useMessages } from "../i18n.ts";
import { MonthRangeCalendar } from "./CalendarParts.tsx";
import { CalendarIcon, segmentClass } from "./DatePicker.tsx";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { dateLocale, toCalendarDate } from "./dates.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing, inputBox, popover } from "./styles.ts";

export interface DateRange {
  start: string;
  end: string;
}

export interface DateRangePickerProps extends FieldBaseProps {
  value?: DateRange | null;
  onChange?: (value: DateRange | null) => void;
  onBlur?: () => void;
  minValue?: string;
  maxValue?: string;
  inputRef?: Ref<HTMLDivElement>;
}

export function DateRangePicker(allProps: DateRangePickerProps) {
  const { label, description, errorMessage, className, inputRef, value, onChange, minValue, maxValue, ...props } = allProps;
  const locale = useLocale();
  const m = useMessages(uiMessages);
  const start = toCalendarDate(value?.start);
  const end = toCalendarDate(value?.end);
  return (
    <I18nProvider locale={dateLocale(locale)}>
      <AriaDateRangePicker
        {...props}
        value={"value" in allProps ? (start && end ? { start, end } : null) : undefined}
        onChange={(next) => onChange?.(next ? { start: next.start.toString().slice(0, 10), end: next.end.toString().slice(0, 10) } : null)}
        minValue={toCalendarDate(minValue) ?? undefined}
        maxValue={toCalendarDate(maxValue) ?? undefined}
        isInvalid={!!errorMessage}
        validationBehavior="aria"
        className={cx("flex flex-col gap-1", className)}
      >
        <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
        <Group ref={inputRef} className={cx(inputBox, "flex max-w-sm items-center justify-between gap-2 py-0 pr-0 data-[focus-within]:border-brand-700")}>
          <div className="flex flex-1 flex-wrap items-center gap-x-1 py-2">
            <DateInput slot="start" aria-label={m.start} className="flex">
              {(segment) => <DateSegment segment={segment} className={segmentClass} />}
            </DateInput>
            <span aria-hidden="true">–</span>
            <DateInput slot="end" aria-label={m.end} className="flex">
              {(segment) => <DateSegment segment={segment} className={segmentClass} />}
            </DateInput>
          </div>
          <Button aria-label={m.chooseDate} className={cx("flex min-h-11 w-11 items-center justify-center rounded-r-md text-brand-900", focusRing)}>
            <CalendarIcon />
          </Button>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className={popover}>
          <Dialog className="outline-none">
            <MonthRangeCalendar />
          </Dialog>
        </Popover>
      </AriaDateRangePicker>
    </I18nProvider>
  );
}
