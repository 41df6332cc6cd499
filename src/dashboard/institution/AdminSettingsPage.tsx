// admin/settings: the institution, its academic calendar and its grading options. The
// grading form (its mark fields and lists of bands) loads when the admin asks to change the
// rules (DESIGN §6 weight): they are set once a year and decide every result.
import { useStore } from "@nanostores/react";
import { lazy } from "react";
import { useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { OpenOnRequest } from "../ui/OpenOnRequest.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import CalendarSection from "./CalendarSection.tsx";
import InstitutionSection from "./InstitutionSection.tsx";
import { institutionMessages } from "./messages.ts";
import { $academicYears, $settings } from "./stores.ts";

const GradingSection = lazy(() => import("./GradingSection.tsx"));

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
            <Card title={m.grading} description={m.gradingIntro} testId="grading-form">
              <OpenOnRequest label={m.editGrading}>
                <GradingSection settings={settings.data} />
              </OpenOnRequest>
            </Card>
          </>
        ) : settings.error ? (
          <ErrorState error={settings.error} onRetry={() => $settings.revalidate()} />
        ) : (
          <Skeleton lines={6} />
        )}
        {years.data ? <CalendarSection years={years.data} /> : years.error ? <ErrorState error={years.error} onRetry={() => $academicYears.revalidate()} /> : <Skeleton lines={4} />}
      </div>
    </>
  );
}
