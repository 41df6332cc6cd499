// admin/international-applications: the queue of applicants from outside Cameroon.
import type { PageProps } from "../paths.ts";
import { QueuePage } from "./QueuePage.tsx";

export default function AdminInternationalApplicationsPage(_: PageProps) {
  return <QueuePage international />;
}
