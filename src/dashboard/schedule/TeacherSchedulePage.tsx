import { useMessages } from "../i18n.ts";
import { scheduleMessages } from "./messages.ts";
import { ScheduleScreen } from "./ScheduleScreen.tsx";
import { useRouteTitle } from "../links.ts";

export default function TeacherSchedulePage() {
  const m = useMessages(scheduleMessages);
  return <ScheduleScreen role="teacher" title={useRouteTitle("teacher.schedule")} intro={m.teacherIntro} />;
}
