// A date (or date and time) typed segment by segment or picked in a calendar, in the page's
// language and in Douala time. Value in and out: "YYYY-MM-DD" for a day, an ISO instant
// (UTC) when `withTime` is set.
import type { Ref } from "react";
import { Button, DateInput, DatePicker as AriaDatePicker, DateSegment, Dialog, Group, I18nProvider, Popover, type DateValue } from "react-aria-components";
import type { CalendarDateTime } from "@internationalized/date";
import { TIME_ZONE } from "../../lib/format.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { MonthCalendar } from "./CalendarParts.tsx";
import { FieldHelp, FieldLabel, type FieldBaseProps } from "./FieldParts.tsx";
import { dateLocale, toCalendarDate, toDoualaDateTime } from "./dates.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing, inputBox, popover } from "./styles.ts";

export interface DatePickerProps extends FieldBaseProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  onBlur?: () => void;
  /** Also pick the hour and minute (Douala time); the value is then an ISO instant. */
  withTime?: boolean;
  /** Earliest / latest day allowed, "YYYY-MM-DD". */
  minValue?: string;
  maxValue?: string;
  inputRef?: Ref<HTMLDivElement>;
}

export const segmentClass =
  "inline-flex min-h-6 min-w-6 items-center justify-center rounded px-0.5 tabular-nums text-gray-900 outline-none data-[placeholder]:text-gray-600 data-[type=literal]:px-0 data-[focused]:bg-brand-700 data-[focused]:text-white";

export function DatePicker(allProps: DatePickerProps) {
  const { label, description, errorMessage, className, inputRef, value, onChange, withTime, minValue, maxValue, ...props } = allProps;
  const locale = useLocale();
  const m = useMessages(uiMessages);
  const parsed = withTime ? toDoualaDateTime(value) : toCalendarDate(value);
  return (
    <I18nProvider locale={dateLocale(locale)}>
      <AriaDatePicker<DateValue>
        {...props}
        value={"value" in allProps ? parsed : undefined}
        placeholderValue={withTime ? toDoualaDateTime(new Date().toISOString())?.set({ hour: 8, minute: 0 }) : undefined}
        onChange={(next) => onChange?.(next === null ? null : withTime ? instantOf(next) : next.toString().slice(0, 10))}
        granularity={withTime ? "minute" : "day"}
        hourCycle={24}
        hideTimeZone
        minValue={toCalendarDate(minValue) ?? undefined}
        maxValue={toCalendarDate(maxValue) ?? undefined}
        isInvalid={!!errorMessage}
        validationBehavior="aria"
        className={cx("flex flex-col gap-1", className)}
      >
        <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
        <Group ref={inputRef} className={cx(inputBox, "flex max-w-xs items-center justify-between gap-2 py-0 pr-0 data-[focus-within]:border-brand-700")}>
          <DateInput className="flex flex-1 py-2">{(segment) => <DateSegment segment={segment} className={segmentClass} />}</DateInput>
          <Button aria-label={m.chooseDate} className={cx("flex min-h-11 w-11 items-center justify-center rounded-r-md text-brand-900", focusRing)}>
            <CalendarIcon />
          </Button>
        </Group>
        <FieldHelp description={description} errorMessage={errorMessage} />
        <Popover className={popover}>
          <Dialog className="outline-none">
            <MonthCalendar />
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  );
}

/** The instant a picked date-time means in Douala (a zoned value carries its zone already). */
const instantOf = (value: DateValue): string => (value as CalendarDateTime).toDate(TIME_ZONE).toISOString();

export function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.75">
      <rect x="3" y="4.5" width="14" height="12" rx="1.5" />
      <path d="M3 8.5h14M7 3v3M13 3v3" />
    </svg>
  );
}
