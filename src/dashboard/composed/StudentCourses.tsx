// student/courses: the courses feature's list with the partners feature's Harvard Online
// courses under it (loaded after the list).
import { lazy } from "react";
import StudentCoursesPage from "../courses/StudentCoursesPage.tsx";

const PartnerCourses = lazy(() => import("../partners/StudentPartnerCourses.tsx"));

export default function StudentCourses() {
  return <StudentCoursesPage PartnerCourses={PartnerCourses} />;
}
