import { useRouteTitle } from "../links.ts";
import { CourseWizard } from "./CourseWizard.tsx";

export default function CreateCourseAnyPage() {
  return <CourseWizard preset="any" title={useRouteTitle("admin.create-course")} />;
}
