// admin/settings: the institution, its academic calendar and its grading options.
import { useStore } from "@nanostores/react";
import { useMessages } from "../i18n.ts";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import CalendarSection from "./CalendarSection.tsx";
import GradingSection from "./GradingSection.tsx";
import InstitutionSection from "./InstitutionSection.tsx";
import { institutionMessages } from "./messages.ts";
import { $academicYears, $settings } from "./stores.ts";

export default function AdminSettingsPage() {
  const m = useMessages(institutionMessages);
  const settings = useStore($settings);
  const years = useStore($academicYears);
  return (
    <>
      <PageHeader title={m.settingsTitle} description={m.settingsIntro} />
      <div className="flex flex-col gap-6">
        {settings.data ? (
          <>
            <InstitutionSection settings={settings.data} />
            <GradingSection settings={settings.data} />
          </>
        ) : settings.error ? (
          <ErrorState error={settings.error} onRetry={() => $settings.revalidate()} />
        ) : (
          <Skeleton lines={6} />
        )}
        {years.data ? (
          <CalendarSection years={years.data} />
        ) : years.error ? (
          <ErrorState error={years.error} onRetry={() => $academicYears.revalidate()} />
        ) : (
          <Skeleton lines={4} />
        )}
      </div>
    </>
  );
}
