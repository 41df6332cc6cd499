// The month grid inside the date pickers' popovers (one calendar, or a range calendar).
import { Button, Calendar, CalendarCell, CalendarGrid, Heading, RangeCalendar } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing } from "./styles.ts";

const navButton = cx("flex size-11 items-center justify-center rounded-md text-xl text-brand-900 data-[hovered]:bg-gray-100", focusRing);
const cell = cx(
  "flex size-10 cursor-default items-center justify-center rounded-md text-sm text-gray-900 outline-none data-[hovered]:bg-brand-50 data-[outside-month]:hidden data-[disabled]:text-gray-400 data-[unavailable]:text-gray-400 data-[unavailable]:line-through",
  "data-[selected]:bg-brand-700 data-[selected]:text-white data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-400",
);

function Header() {
  const m = useMessages(uiMessages);
  return (
    <header className="mb-2 flex items-center justify-between gap-2">
      <Button slot="previous" aria-label={m.previousMonth} className={navButton}>
        ‹
      </Button>
      <Heading className="text-base font-semibold text-gray-900 capitalize" />
      <Button slot="next" aria-label={m.nextMonth} className={navButton}>
        ›
      </Button>
    </header>
  );
}

export function MonthCalendar() {
  return (
    <Calendar className="p-1">
      <Header />
      <CalendarGrid className="border-separate border-spacing-0.5">{(date) => <CalendarCell date={date} className={cell} />}</CalendarGrid>
    </Calendar>
  );
}

export function MonthRangeCalendar() {
  return (
    <RangeCalendar className="p-1">
      <Header />
      <CalendarGrid className="border-separate border-spacing-0.5">{(date) => <CalendarCell date={date} className={cell} />}</CalendarGrid>
    </RangeCalendar>
  );
}
