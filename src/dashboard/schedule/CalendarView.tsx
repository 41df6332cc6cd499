// Day, week and month views of sessions (FullCalendar 7, about 70 KB gzip: its own lazy
// chunk, loaded when the user asks for the calendar view of a timetable), in Douala time and
// the page's language. FullCalendar's toolbar
// buttons are real buttons (Tab, Enter); beside it a plain list of the period's sessions
// keeps every session reachable by keyboard and screen reader.
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/react/daygrid";
import timeGridPlugin from "@fullcalendar/react/timegrid";
import listPlugin from "@fullcalendar/react/list";
import classicThemePlugin from "@fullcalendar/react/themes/classic";
import frLocale from "@fullcalendar/react/locales/fr";
import "@fullcalendar/react/skeleton.css";
import "@fullcalendar/react/themes/classic/theme.css";
import "@fullcalendar/react/themes/classic/palette.css";
import "./calendar.css";
import { TIME_ZONE } from "../../lib/format.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { scheduleMessages } from "./messages.ts";

export interface CalendarItem {
  id: string;
  title: string;
  start: string;
  end: string;
  url?: string;
  kind?: "session" | "exam" | "deadline";
}

export type CalendarViewName = "timeGridDay" | "timeGridWeek" | "dayGridMonth" | "listWeek";

export interface CalendarViewProps {
  items: CalendarItem[];
  initialView: CalendarViewName;
  /** The day to open on, "YYYY-MM-DD" in Douala. */
  initialDate: string;
  /** The visible range, and the first day of the period shown (a month view starts in the month before). */
  onRangeChange: (from: Date, to: Date, periodStart: Date) => void;
}

export default function CalendarView({ items, initialView, initialDate, onRangeChange }: CalendarViewProps) {
  const locale = useLocale();
  const m = useMessages(scheduleMessages);
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, listPlugin, classicThemePlugin]}
      locales={[frLocale]}
      locale={locale === "fr" ? "fr" : "en"}
      timeZone={TIME_ZONE}
      initialView={initialView}
      initialDate={initialDate}
      firstDay={1}
      height="auto"
      slotMinTime="07:00:00"
      slotMaxTime="24:00:00"
      allDaySlot={false}
      // A short session (or the part of one before midnight) stays a 24 px touch target
      // (WCAG 2.5.8) with its time and title on one line inside it.
      eventMinHeight={28}
      eventShortHeight={40}
      nowIndicator
      headerToolbar={{ start: "prev,today,next", center: "title", end: "timeGridDay,timeGridWeek,dayGridMonth,listWeek" }}
      todayHint={m.today}
      prevHint={m.previous}
      nextHint={m.next}
      eventTimeFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
      slotHeaderFormat={{ hour: "2-digit", minute: "2-digit", hour12: false }}
      events={items.map((item) => ({
        id: item.id,
        title: item.title,
        start: item.start,
        end: item.end,
        url: item.url,
        classNames: [`session-${item.kind ?? "session"}`],
      }))}
      datesSet={(info) => onRangeChange(info.start, info.end, info.view.currentStart)}
    />
  );
}
