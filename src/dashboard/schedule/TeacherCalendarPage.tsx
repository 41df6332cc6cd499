import { useMessages } from "../i18n.ts";
import { scheduleMessages } from "./messages.ts";
import { ScheduleScreen } from "./ScheduleScreen.tsx";
import { useRouteTitle } from "../links.ts";

export default function TeacherCalendarPage() {
  const m = useMessages(scheduleMessages);
  return <ScheduleScreen role="teacher" title={useRouteTitle("teacher.calendar")} intro={m.calendarIntro} initialView="dayGridMonth" withDeadlines />;
}
