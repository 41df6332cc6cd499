// The teacher's settings: default meeting platform and personal meeting link (validated
// https), notification preferences (the notifications feature's component, handed in by
// composed/TeacherSettings.tsx) and language.
import { useStore } from "@nanostores/react";
import { useMemo, type ComponentType } from "react";
import { createFetcherStore, mutateCache } from "../../lib/data-cache.ts";
import { MEETING_PLATFORMS, teacherSettingsSchema } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Form, FormField, useZodForm } from "../ui/Form.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { fetchTeacherSettings, saveTeacherSettings, type TeacherSettings } from "./data.ts";
import LanguageSection from "./LanguageSection.tsx";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { ownProfileStore } from "./store.ts";

export default function TeacherSettingsPage({ NotificationPreferences }: { NotificationPreferences: ComponentType<{ userId: string; title: string }> }) {
  const m = useMessages(profileMessages);
  const { userId } = useSignedIn();
  const stores = useMemo(
    () => ({
      settings: createFetcherStore<TeacherSettings>(["teacher-settings", userId], { fetcher: () => fetchTeacherSettings(getSupabase(), userId) }),
      profile: ownProfileStore(userId),
    }),
    [userId],
  );
  const settings = useStore(stores.settings);
  const profile = useStore(stores.profile);
  const error = settings.error ?? profile.error;

  return (
    <>
      <PageHeader title={m.settings.title} />
      {settings.data && profile.data ? (
        <>
          <MeetingSettings userId={userId} initial={settings.data} />
          <NotificationPreferences userId={userId} title={m.settings.notifications} />
          <LanguageSection userId={userId} preferred={profile.data.preferred_locale} />
        </>
      ) : error ? (
        <ErrorState
          error={error}
          onRetry={() => {
            void stores.settings.revalidate();
            void stores.profile.revalidate();
          }}
        />
      ) : (
        <Skeleton blocks={3} label={m.loading} />
      )}
    </>
  );
}

function MeetingSettings({ userId, initial }: { userId: string; initial: TeacherSettings }) {
  const m = useMessages(profileMessages);
  const form = useZodForm(teacherSettingsSchema, {
    defaultValues: { defaultMeetingPlatform: initial.default_meeting_platform, personalMeetingUrl: initial.personal_meeting_url ?? "" },
  });

  async function onSubmit(values: { defaultMeetingPlatform: TeacherSettings["default_meeting_platform"]; personalMeetingUrl: string | null }) {
    const next = { default_meeting_platform: values.defaultMeetingPlatform, personal_meeting_url: values.personalMeetingUrl };
    try {
      await saveTeacherSettings(getSupabase(), userId, next);
      void mutateCache(`teacher-settings${userId}`, next);
      toastSuccess("saved");
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Card title={m.settings.meetings} description={m.settings.meetingsIntro} testId="meeting-settings">
      <Form form={form} onSubmit={onSubmit} translateError={(key) => m.errors[key as ProfileErrorKey] ?? key}>
        <FormField name="defaultMeetingPlatform">
          {(field) => <RadioGroup label={m.settings.platform} orientation="horizontal" options={MEETING_PLATFORMS.map((platform) => ({ value: platform, label: m.settings[platform] }))} {...field} />}
        </FormField>
        <FormField name="personalMeetingUrl">
          {(field) => (
            <TextField label={m.settings.link} description={m.settings.linkHint} type="url" inputMode="url" placeholder="https://" className="max-w-md" {...field} value={field.value ?? ""} />
          )}
        </FormField>
        <div>
          <Button type="submit" isPending={form.formState.isSubmitting}>
            {m.save}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
