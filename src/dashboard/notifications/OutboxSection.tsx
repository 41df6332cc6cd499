// The admins' view of the outbox: every e-mail and SMS the platform sent, newest first,
// paged on the server, recipients masked.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useId, useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { classifyError } from "../../lib/errors/classify.ts";
import { formatDateTime } from "../../lib/format.ts";
import { maskRecipient } from "../../lib/messaging/mask.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages, useT } from "../i18n.ts";
import { listOutbox, type OutboxMessage } from "./data.ts";
import { notificationMessages } from "./messages.ts";

const PAGE_SIZE = 20;

export default function OutboxSection() {
  const m = useMessages(notificationMessages);
  const t = useT();
  const locale = useLocale();
  const headingId = useId();
  const { $page, store } = useMemo(() => {
    const $page = atom(0);
    const store = createFetcherStore<{ items: OutboxMessage[]; total: number }>(["outbox", ":", $page], {
      fetcher: (...parts) => listOutbox(getSupabase(), { page: Number(parts[parts.length - 1]), pageSize: PAGE_SIZE }),
    });
    return { $page, store };
  }, []);
  const page = useStore($page);
  const state = useStore(store);
  const pages = Math.max(1, Math.ceil((state.data?.total ?? 0) / PAGE_SIZE));
  const kind = (error: unknown) => {
    const { kind } = classifyError(error);
    return kind === "network" || kind === "server" ? kind : "unknown";
  };
  const statusClass = { queued: "bg-gray-100 text-gray-900", logged: "bg-brand-50 text-brand-900", sent: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900" };

  return (
    <section aria-labelledby={headingId} data-testid="outbox" className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-brand-900">
        {m.outbox.title}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{m.outbox.intro}</p>
      {state.data ? (
        state.data.total === 0 ? (
          <p className="mt-4 text-gray-700">{m.outbox.empty}</p>
        ) : (
          <>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <caption className="sr-only">{m.outbox.title}</caption>
                <thead>
                  <tr className="border-b border-gray-200">
                    {[m.outbox.when, m.outbox.channel, m.outbox.recipient, m.outbox.body, m.outbox.status, m.outbox.provider].map((label) => (
                      <th key={label} scope="col" className="px-2 py-2 font-semibold">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {state.data.items.map((message) => (
                    <tr key={message.id} className="border-b border-gray-100 align-top" data-testid="outbox-row">
                      <td className="whitespace-nowrap px-2 py-2">{formatDateTime(locale, message.created_at)}</td>
                      <td className="px-2 py-2">{m.outbox.channels[message.channel]}</td>
                      <td className="whitespace-nowrap px-2 py-2 font-mono">{maskRecipient(message.recipient)}</td>
                      <td className="px-2 py-2">
                        {message.subject && <span className="block font-semibold">{message.subject}</span>}
                        <span className="break-words">{message.body}</span>
                      </td>
                      <td className="px-2 py-2">
                        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${statusClass[message.status]}`}>{m.outbox.statuses[message.status]}</span>
                        {message.error && <span className="mt-1 block text-xs text-red-900">{message.error}</span>}
                      </td>
                      <td className="px-2 py-2">{message.provider ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager label={m.outbox.paging} text={fill(m.outbox.pageOf, { page: page + 1, pages, total: state.data.total })}
              previous={page > 0 ? () => $page.set(page - 1) : undefined}
              next={page + 1 < pages ? () => $page.set(page + 1) : undefined} />
          </>
        )
      ) : state.error ? (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
          <p>{t(`errors.generic.${kind(state.error)}`)}</p>
          <button type="button" onClick={() => void store.revalidate()} className="mt-2 rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-900">
            {m.retry}
          </button>
        </div>
      ) : (
        <div role="status" aria-busy="true" className="mt-4 h-32 animate-pulse rounded bg-gray-200">
          <span className="sr-only">{m.loading}</span>
        </div>
      )}
    </section>
  );
}

export function Pager({ label, text, previous, next }: { label: string; text: string; previous?: () => void; next?: () => void }) {
  const m = useMessages(notificationMessages);
  const button = "rounded-md border border-gray-400 px-3 py-1 text-sm font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-50";
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-gray-700" aria-live="polite">
        {text}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} onClick={previous} disabled={!previous}>
          {m.previous}
        </button>
        <button type="button" className={button} onClick={next} disabled={!next}>
          {m.next}
        </button>
      </div>
    </nav>
  );
}
