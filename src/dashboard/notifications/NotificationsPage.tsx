// The notifications page of every role: everything the bell shows, filtered (unread, type)
// and paged on the server, with read / all read / dismiss; the person's preferences per type
// and channel; and for admins, the outbox of e-mails and SMS.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useId, useMemo } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";
import { classifyError } from "../../lib/errors/classify.ts";
import { formatDateTime } from "../../lib/format.ts";
import { isNotificationType, NOTIFICATION_TYPES, type NotificationType } from "../../lib/notifications/preferences.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages, useT } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { dismiss, listNotificationsPage, markAllRead, markRead, type StudentNotification } from "./data.ts";
import { notificationMessages } from "./messages.ts";
import NotificationPreferences from "./NotificationPreferences.tsx";
import OutboxSection, { Pager } from "./OutboxSection.tsx";

const PAGE_SIZE = 10;

interface Query {
  page: number;
  unreadOnly: boolean;
  type: NotificationType | null;
}
const encode = (q: Query) => `${q.page}/${q.unreadOnly ? 1 : 0}/${q.type ?? ""}`;
const decode = (value: string): Query => {
  const [page, unread, type] = value.split("/");
  return { page: Number(page) || 0, unreadOnly: unread === "1", type: isNotificationType(type) ? type : null };
};

export default function NotificationsPage() {
  const m = useMessages(notificationMessages);
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const { userId, role } = useSignedIn();
  const { $query, store } = useMemo(() => {
    const $query = atom(encode({ page: 0, unreadOnly: false, type: null }));
    const store = createFetcherStore<{ items: StudentNotification[]; total: number }>(["notifications-page", userId, ":", $query], {
      fetcher: (...parts) => {
        const q = decode(String(parts[parts.length - 1]));
        return listNotificationsPage(getSupabase(), userId, { page: q.page, pageSize: PAGE_SIZE, unreadOnly: q.unreadOnly, type: q.type });
      },
    });
    return { $query, store };
  }, [userId]);
  const query = decode(useStore($query));
  const state = useStore(store);
  const set = (patch: Partial<Query>) => $query.set(encode({ ...query, page: 0, ...patch }));
  const filtered = query.unreadOnly || query.type !== null;
  const pages = Math.max(1, Math.ceil((state.data?.total ?? 0) / PAGE_SIZE));
  const errorKind = (error: unknown) => {
    const { kind } = classifyError(error);
    return kind === "network" || kind === "server" ? kind : "unknown";
  };

  async function act(change: () => Promise<void>) {
    try {
      await change();
    } finally {
      invalidateKeys((key) => key.startsWith("notifications-page"));
    }
  }

  return (
    <>
      <h1 className="text-3xl font-bold text-brand-900">{m.title}</h1>

      <section aria-labelledby={`${id}-list`} className="mt-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`${id}-list`} className="text-xl font-bold text-brand-900">
            {m.list}
          </h2>
          <button type="button" onClick={() => void act(() => markAllRead(getSupabase(), userId))}
            className="text-sm font-semibold text-brand-700 underline underline-offset-2">
            {m.markAllRead}
          </button>
        </div>
        <fieldset className="mt-4 flex flex-wrap items-end gap-4">
          <legend className="sr-only">{m.filters}</legend>
          <label htmlFor={`${id}-unread`} className="flex items-center gap-2 text-sm font-medium">
            <input id={`${id}-unread`} type="checkbox" className="h-5 w-5 accent-brand-700" checked={query.unreadOnly}
              onChange={(e) => set({ unreadOnly: e.currentTarget.checked })} data-testid="filter-unread" />
            {m.unreadOnly}
          </label>
          <div>
            <label htmlFor={`${id}-type`} className="block text-sm font-medium">
              {m.type}
            </label>
            <select id={`${id}-type`} value={query.type ?? ""} onChange={(e) => set({ type: isNotificationType(e.currentTarget.value) ? e.currentTarget.value : null })}
              className="mt-1 rounded-md border border-gray-500 px-3 py-2 text-sm" data-testid="filter-type">
              <option value="">{m.allTypes}</option>
              {NOTIFICATION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {m.types[type]}
                </option>
              ))}
            </select>
          </div>
        </fieldset>

        {state.data ? (
          state.data.total === 0 ? (
            <div className="mt-6 rounded-lg bg-gray-50 p-4 text-gray-800" data-testid="notifications-empty">
              <p>{filtered ? m.emptyFiltered : m.empty}</p>
              {filtered && (
                <button type="button" onClick={() => set({ unreadOnly: false, type: null })} className="mt-2 text-sm font-semibold text-brand-700 underline">
                  {m.showAll}
                </button>
              )}
            </div>
          ) : (
            <>
              <ul className="mt-4 flex flex-col gap-3" data-testid="notification-list">
                {state.data.items.map((n) => (
                  <li key={n.id} data-testid="notification-item" className={`rounded-lg border p-4 ${n.is_read ? "border-gray-200" : "border-brand-600 bg-brand-50"}`}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-gray-700">
                      {isNotificationType(n.type) ? m.types[n.type] : n.type}
                      {!n.is_read && <span className="ml-2 rounded bg-brand-700 px-1.5 py-0.5 text-white normal-case">{m.unread}</span>}
                    </p>
                    <h3 className="mt-1 font-semibold text-gray-900">{n.title}</h3>
                    <p className="text-sm text-gray-800">{n.message}</p>
                    <p className="mt-1 text-xs text-gray-700">
                      <time dateTime={n.created_at}>{formatDateTime(locale, n.created_at)}</time>
                    </p>
                    <div className="mt-2 flex flex-wrap gap-2 text-sm">
                      {n.action_url && n.action_label && (
                        <a href={n.action_url} onClick={() => !n.is_read && void act(() => markRead(getSupabase(), n.id))}
                          className="rounded-md bg-brand-700 px-3 py-1 font-semibold text-white hover:bg-brand-900">
                          {n.action_label}
                        </a>
                      )}
                      {!n.is_read && (
                        <button type="button" onClick={() => void act(() => markRead(getSupabase(), n.id))} className="rounded-md border border-brand-700 px-3 py-1 text-brand-900">
                          {m.markRead}
                        </button>
                      )}
                      <button type="button" onClick={() => void act(() => dismiss(getSupabase(), n.id))} className="rounded-md px-3 py-1 text-gray-800 underline">
                        {m.dismiss}
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
              <Pager label={m.paging} text={fill(m.pageOf, { page: query.page + 1, pages, total: state.data.total })}
                previous={query.page > 0 ? () => $query.set(encode({ ...query, page: query.page - 1 })) : undefined}
                next={query.page + 1 < pages ? () => $query.set(encode({ ...query, page: query.page + 1 })) : undefined} />
            </>
          )
        ) : state.error ? (
          <div role="alert" className="mt-4 rounded-md bg-red-50 p-4 text-red-900">
            <p>{t(`errors.generic.${errorKind(state.error)}`)}</p>
            <button type="button" onClick={() => void store.revalidate()} className="mt-2 rounded-md border border-brand-700 px-3 py-1 font-semibold text-brand-900">
              {m.retry}
            </button>
          </div>
        ) : (
          <div role="status" aria-busy="true" className="mt-4 space-y-3">
            <span className="sr-only">{m.loading}</span>
            <div className="h-20 animate-pulse rounded bg-gray-200" />
            <div className="h-20 animate-pulse rounded bg-gray-200" />
          </div>
        )}
      </section>

      <NotificationPreferences userId={userId} />
      {role === "admin" && <OutboxSection />}
    </>
  );
}
