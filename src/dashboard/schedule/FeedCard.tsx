// The private iCal link: created on demand and shown once (only its hash is stored),
// renewed (the old one stops working) or turned off.
import { useState } from "react";
import { formatDate } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { createFeed, feedCreatedAt, revokeFeed } from "../shared/sessions-data.ts";
import { scheduleMessages } from "./messages.ts";
import { useScheduleQuery } from "../ui/query.ts";

export function FeedCard() {
  const locale = useLocale();
  const m = useMessages(scheduleMessages).feed;
  const since = useScheduleQuery(["feed"], () => feedCreatedAt(getSupabase()));
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
      since.retry();
    }
  };
  const create = () =>
    run(async () => {
      setUrl(await createFeed(getSupabase(), import.meta.env.PUBLIC_SUPABASE_URL, import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY));
      setNote("");
    });
  const revoke = () =>
    run(async () => {
      await revokeFeed(getSupabase());
      setUrl(null);
      setNote(m.revoked);
    });
  return (
    <Card title={m.title} description={m.intro} testId="calendar-feed">
      {since.error ? (
        <ErrorState error={since.error} onRetry={since.retry} />
      ) : since.data === undefined ? (
        <Skeleton lines={2} />
      ) : (
        <div className="space-y-3">
          {url ? (
            <div className="flex flex-col gap-1">
              <label htmlFor="calendar-feed-url" className="text-sm font-medium text-gray-900">
                {m.label}
              </label>
              <div className="flex flex-wrap gap-2">
                <input
                  id="calendar-feed-url"
                  readOnly
                  value={url}
                  className="min-h-11 min-w-0 flex-1 rounded-md border border-gray-400 px-3 font-mono text-sm"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  variant="secondary"
                  onPress={() =>
                    navigator.clipboard?.writeText(url).then(
                      () => setNote(m.copied),
                      () => undefined,
                    )
                  }
                >
                  {m.copy}
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-gray-700">{since.data ? fill(m.since, { date: formatDate(locale, since.data) }) : m.none}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onPress={create} isPending={busy}>
              {since.data ? m.renew : m.create}
            </Button>
            {since.data && (
              <Button variant="ghost" onPress={revoke} isDisabled={busy}>
                {m.revoke}
              </Button>
            )}
          </div>
          {since.data && !url && <p className="text-sm text-gray-700">{m.renewNote}</p>}
          <p role="status" className="text-sm text-green-800">
            {note}
          </p>
        </div>
      )}
    </Card>
  );
}
