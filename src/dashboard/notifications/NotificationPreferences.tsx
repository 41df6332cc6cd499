// Per type, the channels a person is told by: in the app, by e-mail, by SMS. Each switch
// saves at once (own rows only; a type never touched shows the defaults: in-app only). Used
// by the notifications page of every role and by the teacher's settings.
import { useStore } from "@nanostores/react";
import { useMemo, useState } from "react";
import { createFetcherStore, mutateCache } from "../../lib/data-cache.ts";
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationPreference } from "../../lib/notifications/preferences.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { fill, useMessages } from "../i18n.ts";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { Switch } from "../ui/Switch.tsx";
import { toastError } from "../ui/toast.ts";
import { fetchPreferences, savePreference } from "./data.ts";
import { notificationMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export default function NotificationPreferences({ userId, title }: { userId: string; title?: string }) {
  const m = useMessages(notificationMessages);
  const key = `notification-preferences${userId}`;
  const store = useMemo(() => createFetcherStore<NotificationPreference[]>(["notification-preferences", userId], { fetcher: () => fetchPreferences(getSupabase(), userId) }), [userId]);
  const state = useStore(store);
  const [saving, setSaving] = useState(false);
  const heading = title ?? m.preferences.title;

  // Optimistic: the switch moves at once and comes back if the save fails.
  async function toggle(preference: NotificationPreference, channel: NotificationChannel, on: boolean) {
    const next = { ...preference, [channel]: on };
    const before = state.data!;
    setSaving(true);
    void mutateCache(
      key,
      before.map((p) => (p.type === preference.type ? next : p)),
    );
    try {
      await savePreference(getSupabase(), userId, next);
      showToast({ title: m.preferences.saved, variant: "success" });
    } catch (error) {
      void mutateCache(key, before);
      toastError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={heading} description={m.preferences.intro} testId="notification-preferences" className="mt-6">
      {state.data ? (
        <TableFrame>
          <table className="w-full min-w-[18rem] text-left text-sm">
            <caption className="sr-only">{heading}</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="py-2 pr-2 font-semibold">
                  {m.preferences.type}
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="px-2 py-2 text-center font-semibold">
                    {m.preferences[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.data.map((preference) => (
                <tr key={preference.type} className="border-b border-gray-100" data-testid={`preference-${preference.type}`}>
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {m.types[preference.type]}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="px-2 py-1 text-center">
                      {/* inline: centred under its column, or beside its label when stacked */}
                      <div className="inline-flex align-middle">
                        <Switch
                          label={<span className="sr-only">{fill(m.preferences.channelFor, { channel: m.preferences[channel], type: m.types[preference.type] })}</span>}
                          value={preference[channel]}
                          isDisabled={saving}
                          onChange={(on) => void toggle(preference, channel, on)}
                        />
                      </div>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      ) : state.error ? (
        <ErrorState error={state.error} onRetry={() => void store.revalidate()} />
      ) : (
        <Skeleton lines={6} label={m.loading} />
      )}
    </Card>
  );
}
