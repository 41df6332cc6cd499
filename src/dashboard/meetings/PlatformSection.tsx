// The default meeting platform of new courses (institution_settings).
import { useEffect, useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { MEETING_PLATFORMS, type MeetingPlatform } from "../../lib/forms/zoom.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastSuccess } from "../ui/toast.ts";
import { errorText } from "../ui/styles.ts";
import { fetchDefaultPlatform, saveDefaultPlatform } from "./data.ts";
import { meetingsMessages } from "./messages.ts";
import { useRefusalText } from "./refusal.ts";
import { invalidateMeetings, useMeetingsQuery } from "../ui/query.ts";

export default function PlatformSection() {
  const m = useMessages(meetingsMessages);
  const refusal = useRefusalText();
  const current = useMeetingsQuery(["platform"], () => fetchDefaultPlatform(getSupabase()));
  const [choice, setChoice] = useState<MeetingPlatform | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (current.data) setChoice(current.data);
  }, [current.data]);

  async function save() {
    if (!choice) return;
    setSaving(true);
    setError(null);
    try {
      await saveDefaultPlatform(getSupabase(), choice);
      invalidateMeetings();
      toastSuccess("saved");
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={m.platformTitle} description={m.platformHelp} testId="default-platform">
      {current.error ? (
        <ErrorState error={current.error} onRetry={current.retry} />
      ) : !choice ? (
        <Skeleton lines={3} />
      ) : (
        <div className="flex flex-col gap-4">
          <RadioGroup
            label={m.platform}
            orientation="horizontal"
            value={choice}
            onChange={(v) => setChoice(v as MeetingPlatform)}
            options={MEETING_PLATFORMS.map((p) => ({ value: p, label: m[p] }))}
          />
          {error && (
            <p role="alert" className={errorText}>
              {error}
            </p>
          )}
          <div>
            <Button onPress={() => void save()} isPending={saving}>
              {m.save}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
