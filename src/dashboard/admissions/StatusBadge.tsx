// An application's status as a coloured badge, in the page's language.
import type { ApplicationStatus } from "../../lib/admissions/rules.ts";
import { useMessages } from "../i18n.ts";
import { Badge, type Tone } from "../ui/Badge.tsx";
import { admissionsMessages } from "./messages.ts";

export const STATUS_TONES: Record<ApplicationStatus, Tone> = {
  draft: "neutral",
  submitted: "info",
  under_review: "info",
  documents_requested: "warning",
  admitted: "success",
  waitlisted: "warning",
  rejected: "danger",
  enrolled: "success",
  withdrawn: "neutral",
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const m = useMessages(admissionsMessages);
  return <Badge tone={STATUS_TONES[status]}>{m.statuses[status]}</Badge>;
}
