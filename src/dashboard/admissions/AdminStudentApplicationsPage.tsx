// admin/student-applications: the queue of applicants from Cameroon.
import type { PageProps } from "../paths.ts";
import { QueuePage } from "./QueuePage.tsx";

export default function AdminStudentApplicationsPage(_: PageProps) {
  return <QueuePage international={false} />;
}
