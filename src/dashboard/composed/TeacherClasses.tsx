// teacher/classes: the virtual classes feature's session list with the meetings feature's
// Zoom actions on each line.
import TeacherClassesPage from "../classes/TeacherClassesPage.tsx";
import { TeacherZoomActions } from "../meetings/TeacherZoomActions.tsx";

export default function TeacherClasses() {
  return <TeacherClassesPage MeetingActions={TeacherZoomActions} />;
}
