// Per type, the channels a person is told by: in the app, by e-mail, by SMS. Each box saves
// at once (own rows only; a type never touched shows the defaults: in-app only). Used by
// the notifications page of every role and by the teacher's settings.
import { useStore } from "@nanostores/react";
import { useId, useMemo, useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { classifyError } from "../../lib/errors/classify.ts";
import { createFetcherStore, mutateCache } from "../../lib/data-cache.ts";
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationPreference } from "../../lib/notifications/preferences.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages, useT } from "../i18n.ts";
import { fetchPreferences, savePreference } from "./data.ts";
import { notificationMessages } from "./messages.ts";

export default function NotificationPreferences({ userId, headingLevel = 2, title }: { userId: string; headingLevel?: 2 | 3; title?: string }) {
  const m = useMessages(notificationMessages);
  const t = useT();
  const headingId = useId();
  const key = `notification-preferences${userId}`;
  const store = useMemo(
    () => createFetcherStore<NotificationPreference[]>(["notification-preferences", userId], { fetcher: () => fetchPreferences(getSupabase(), userId) }),
    [userId],
  );
  const state = useStore(store);
  const [saving, setSaving] = useState<string | null>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const errorText = (error: unknown) => {
    const { kind } = classifyError(error);
    return t(`errors.generic.${kind === "network" || kind === "server" ? kind : "unknown"}`);
  };

  async function toggle(preference: NotificationPreference, channel: NotificationChannel, on: boolean) {
    const next = { ...preference, [channel]: on };
    const before = state.data!;
    setSaving(`${preference.type}.${channel}`);
    void mutateCache(key, before.map((p) => (p.type === preference.type ? next : p)));
    try {
      await savePreference(getSupabase(), userId, next);
      showToast({ title: m.preferences.saved, variant: "success" });
    } catch (error) {
      void mutateCache(key, before);
      showToast({ title: errorText(error), variant: "destructive" });
    } finally {
      setSaving(null);
    }
  }

  return (
    <section aria-labelledby={headingId} data-testid="notification-preferences" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <Heading id={headingId} className="text-xl font-bold text-brand-900">
        {title ?? m.preferences.title}
      </Heading>
      <p className="mt-1 text-sm text-gray-700">{m.preferences.intro}</p>
      {state.data ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="sr-only">{title ?? m.preferences.title}</caption>
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
                  <th scope="row" className="py-2 pr-2 font-medium">
                    {m.types[preference.type]}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-brand-700"
                        checked={preference[channel]}
                        disabled={saving !== null}
                        aria-label={fill(m.preferences.channelFor, { channel: m.preferences[channel], type: m.types[preference.type] })}
                        onChange={(event) => void toggle(preference, channel, event.currentTarget.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : state.error ? (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
          <p>{errorText(state.error)}</p>
          <button type="button" onClick={() => void store.revalidate()} className="mt-2 rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-900">
            {m.retry}
          </button>
        </div>
      ) : (
        <div role="status" aria-busy="true" className="mt-4 h-40 animate-pulse rounded bg-gray-200">
          <span className="sr-only">{m.loading}</span>
        </div>
      )}
    </section>
  );
}
