// admin/international-applications: the queue of applicants from outside Cameroon.
import type { PageProps } from "../routes.ts";
import { QueuePage } from "./QueuePage.tsx";

export default function AdminInternationalApplicationsPage(_: PageProps) {
  return <QueuePage international />;
}
