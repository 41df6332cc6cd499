// The teacher's settings: default meeting platform and personal meeting link (validated
// https), notification preferences (the notifications feature's own component) and language.
import { useStore } from "@nanostores/react";
import { useId, useMemo, useState, type FormEvent } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { createFetcherStore, mutateCache } from "../../lib/data-cache.ts";
import { teacherSettingsSchema } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import NotificationPreferences from "../notifications/NotificationPreferences.tsx";
import { useSignedIn } from "../session.ts";
import { fetchTeacherSettings, saveTeacherSettings, type TeacherSettings } from "./data.ts";
import LanguageSection from "./LanguageSection.tsx";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { Card, FieldError, inputClass, LoadError, primaryButton, Skeleton, useErrorText } from "./parts.tsx";
import { ownProfileStore } from "./store.ts";

export default function TeacherSettingsPage() {
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
      <h1 className="text-3xl font-bold text-brand-900">{m.settings.title}</h1>
      {settings.data && profile.data ? (
        <>
          <MeetingSettings userId={userId} initial={settings.data} />
          <NotificationPreferences userId={userId} title={m.settings.notifications} />
          <LanguageSection userId={userId} preferred={profile.data.preferred_locale} />
        </>
      ) : error ? (
        <LoadError error={error} onRetry={() => {
          void stores.settings.revalidate();
          void stores.profile.revalidate();
        }} />
      ) : (
        <Skeleton label={m.loading} />
      )}
    </>
  );
}

function MeetingSettings({ userId, initial }: { userId: string; initial: TeacherSettings }) {
  const m = useMessages(profileMessages);
  const id = useId();
  const errorText = useErrorText();
  const [platform, setPlatform] = useState(initial.default_meeting_platform);
  const [link, setLink] = useState(initial.personal_meeting_url ?? "");
  const [errors, setErrors] = useState<{ defaultMeetingPlatform?: string; personalMeetingUrl?: string }>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = teacherSettingsSchema.safeParse({ defaultMeetingPlatform: platform, personalMeetingUrl: link });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setErrors({ [String(issue.path[0])]: m.errors[issue.message as ProfileErrorKey] });
    }
    setErrors({});
    setBusy(true);
    const next = { default_meeting_platform: parsed.data.defaultMeetingPlatform, personal_meeting_url: parsed.data.personalMeetingUrl };
    try {
      await saveTeacherSettings(getSupabase(), userId, next);
      void mutateCache(`teacher-settings${userId}`, next);
      showToast({ title: m.saved, variant: "success" });
    } catch (failure) {
      showToast({ title: errorText(failure), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={m.settings.meetings} testId="meeting-settings">
      <p className="mt-1 text-sm text-gray-700">{m.settings.meetingsIntro}</p>
      <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4">
        <fieldset>
          <legend className="text-sm font-medium">{m.settings.platform}</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(["zoom", "teams"] as const).map((option) => (
              <label key={option} htmlFor={`${id}-${option}`} className="flex items-center gap-2">
                <input id={`${id}-${option}`} type="radio" name="defaultMeetingPlatform" value={option} checked={platform === option}
                  onChange={() => setPlatform(option)} className="h-4 w-4 accent-brand-700" />
                {m.settings[option]}
              </label>
            ))}
          </div>
          <FieldError id={`${id}-platform-error`} message={errors.defaultMeetingPlatform} />
        </fieldset>
        <div>
          <label htmlFor={`${id}-link`} className="block text-sm font-medium">
            {m.settings.link}
          </label>
          <input id={`${id}-link`} name="personalMeetingUrl" type="url" inputMode="url" placeholder="https://" value={link}
            onChange={(e) => setLink(e.target.value)} aria-invalid={Boolean(errors.personalMeetingUrl)}
            aria-describedby={`${id}-link-hint${errors.personalMeetingUrl ? ` ${id}-link-error` : ""}`} className={inputClass} />
          <p id={`${id}-link-hint`} className="mt-1 text-xs text-gray-700">
            {m.settings.linkHint}
          </p>
          <FieldError id={`${id}-link-error`} message={errors.personalMeetingUrl} />
        </div>
        <div>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? m.saving : m.save}
          </button>
        </div>
      </form>
    </Card>
  );
}
