import { useMessages } from "../i18n.ts";
import { scheduleMessages } from "./messages.ts";
import { ScheduleScreen } from "./ScheduleScreen.tsx";
import { useRouteTitle } from "../links.ts";

export default function StudentSchedulePage() {
  const m = useMessages(scheduleMessages);
  return <ScheduleScreen role="student" title={useRouteTitle("student.schedule")} intro={m.studentIntro} />;
}
