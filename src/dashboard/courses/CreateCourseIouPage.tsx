import { useRouteTitle } from "../links.ts";
import { CourseWizard } from "./CourseWizard.tsx";

export default function CreateCourseIouPage() {
  return <CourseWizard preset="iou" title={useRouteTitle("admin.create-course.iou")} />;
}
