import { useRouteTitle } from "../links.ts";
import { CourseWizard } from "./CourseWizard.tsx";

export default function CreateCourseExtensionPage() {
  return <CourseWizard preset="extension" title={useRouteTitle("admin.create-course.extension")} />;
}
