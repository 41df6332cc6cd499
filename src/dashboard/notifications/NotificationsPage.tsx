// The notifications page of every role: everything the bell shows, filtered (unread, type)
// and paged on the server (the page and filters live in the URL), with read / all read /
// dismiss; the person's preferences per type and channel; for admins, the outbox.
import { useId } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { isNotificationType, NOTIFICATION_TYPES } from "../../lib/notifications/preferences.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Pager } from "../ui/Pager.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { inputBox, labelText } from "../ui/styles.ts";
import { toastError } from "../ui/toast.ts";
import { useServerTable } from "../ui/useServerTable.ts";
import { dismiss, listNotificationsPage, markAllRead, markRead, type StudentNotification } from "./data.ts";
import { notificationMessages } from "./messages.ts";
import NotificationPreferences from "./NotificationPreferences.tsx";
import { useNotificationWords } from "./words.ts";
import OutboxSection from "./OutboxSection.tsx";

export default function NotificationsPage() {
  const m = useMessages(notificationMessages);
  const locale = useLocale();
  const wordsOf = useNotificationWords();
  const typeId = useId();
  const { userId, role } = useSignedIn();
  const list = useServerTable<StudentNotification>({
    key: "n",
    initial: { pageSize: 10 },
    fetchPage: (query) =>
      listNotificationsPage(getSupabase(), userId, {
        page: query.page - 1,
        pageSize: query.pageSize,
        unreadOnly: query.filters.unread === "1",
        type: isNotificationType(query.filters.type) ? query.filters.type : null,
      }).then(({ items, total }) => ({ rows: items, count: total })),
  });
  const unreadOnly = list.query.filters.unread === "1";
  const type = isNotificationType(list.query.filters.type) ? list.query.filters.type : "";
  const filtered = unreadOnly || type !== "";

  async function act(change: () => Promise<void>) {
    try {
      await change();
    } catch (error) {
      toastError(error);
    }
    list.retry(); // reload the page from the server
  }

  return (
    <>
      <PageHeader title={m.title} />
      <Card
        title={m.list}
        actions={
          <Button variant="ghost" size="sm" onPress={() => void act(() => markAllRead(getSupabase(), userId))}>
            {m.markAllRead}
          </Button>
        }
      >
        <div role="group" aria-label={m.filters} className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:gap-6">
          <Checkbox label={m.unreadOnly} value={unreadOnly} onChange={(on) => list.setFilter("unread", on ? "1" : "")} name="unread" />
          <div className="flex flex-col gap-1">
            <label htmlFor={typeId} className={labelText}>
              {m.type}
            </label>
            {/* A native select: eight fixed options, no search needed. */}
            <select id={typeId} value={type} onChange={(e) => list.setFilter("type", e.currentTarget.value)} className={`${inputBox} sm:w-64`} data-testid="filter-type">
              <option value="">{m.allTypes}</option>
              {NOTIFICATION_TYPES.map((option) => (
                <option key={option} value={option}>
                  {m.types[option]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {list.error ? (
          <ErrorState error={list.error} onRetry={list.retry} retrying={list.loading} />
        ) : list.loading ? (
          <Skeleton blocks={3} label={m.loading} />
        ) : list.count === 0 ? (
          <EmptyState
            headingLevel={3}
            title={filtered ? m.emptyFiltered : m.empty}
            action={
              filtered ? (
                <Button variant="secondary" onPress={() => list.setQuery({ ...list.query, page: 1, filters: {} })}>
                  {m.showAll}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul className="mb-4 flex flex-col gap-3" data-testid="notification-list">
            {list.rows.map((n) => {
              const words = wordsOf(n);
              return (
                <li key={n.id} data-testid="notification-item" className={`rounded-lg border p-4 ${n.is_read ? "border-gray-200" : "border-brand-600 bg-brand-50"}`}>
                  <p className="text-xs font-semibold tracking-wide text-gray-700 uppercase">
                    {isNotificationType(n.type) ? m.types[n.type] : n.type}
                    {!n.is_read && <span className="ml-2 rounded bg-brand-700 px-1.5 py-0.5 text-white normal-case">{m.unread}</span>}
                  </p>
                  <h3 className="mt-1 font-semibold text-gray-900">{words.title}</h3>
                  <p className="text-sm text-gray-800">{words.message}</p>
                  <p className="mt-1 text-xs text-gray-700">
                    <time dateTime={n.created_at}>{formatDateTime(locale, n.created_at)}</time>
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {words.action && (
                      <a
                        href={words.action.href}
                        {...(words.action.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                        onClick={() => void (!n.is_read && markRead(getSupabase(), n.id).catch(() => undefined))}
                        className="inline-flex min-h-9 items-center rounded-md bg-brand-700 px-3 py-1 text-sm font-semibold text-white hover:bg-brand-900"
                      >
                        {words.action.label}
                      </a>
                    )}
                    {!n.is_read && (
                      <Button variant="secondary" size="sm" onPress={() => void act(() => markRead(getSupabase(), n.id))}>
                        {m.markRead}
                      </Button>
                    )}
                    <Button variant="ghost" size="sm" onPress={() => void act(() => dismiss(getSupabase(), n.id))}>
                      {m.dismiss}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {!list.error && list.count > 0 && <Pager total={list.count} query={list.query} onQueryChange={list.setQuery} />}
      </Card>

      <NotificationPreferences userId={userId} />
      {role === "admin" && <OutboxSection />}
    </>
  );
}
