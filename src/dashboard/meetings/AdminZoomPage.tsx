// /admin/zoom: the meeting platform settings — the default platform of new courses, the
// Zoom app's credentials (server side only), creating a course's meeting and importing a
// past session's attendance from the meeting report.
import { useMessages } from "../i18n.ts";
import { PageHeader } from "../ui/PageHeader.tsx";
import CreateMeetingSection from "./CreateMeetingSection.tsx";
import CredentialsSection from "./CredentialsSection.tsx";
import ImportSection from "./ImportSection.tsx";
import PlatformSection from "./PlatformSection.tsx";
import { meetingsMessages } from "./messages.ts";

export default function AdminZoomPage() {
  const m = useMessages(meetingsMessages);
  return (
    <>
      <PageHeader title={m.title} description={m.intro} />
      <div className="flex flex-col gap-6">
        <PlatformSection />
        <CredentialsSection />
        <CreateMeetingSection />
        <ImportSection />
      </div>
    </>
  );
}
