import { useRouteTitle } from "../links.ts";
import { CourseWizard } from "./CourseWizard.tsx";

export default function CreateCourseProfessionalPage() {
  return <CourseWizard preset="professional" title={useRouteTitle("admin.create-course.professional")} />;
}
