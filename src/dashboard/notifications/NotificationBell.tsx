// The notification centre: a bell with the unread count and a panel listing the user's
// visible notifications (newest first, 10 at a time), with read, all-read, dismiss and
// the action that opens the class. New notifications arrive live through realtime (with the
// data saver on, when the user comes back to the page).
import { useCallback, useEffect, useRef, useState } from "react";
import { readThrough } from "../../lib/offline/read-through.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { formatDateTime } from "../../lib/format.ts";
import type { Locale } from "../../lib/locales.ts";
import { useMessages, useT } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { hrefTo } from "../paths.ts";
import { useLiveUpdates } from "../ui/data-saver.ts";
import { notificationMessages } from "./messages.ts";
import { NOTIFICATION_PAGE_SIZE } from "../../lib/notifications/rules.ts";
import { countUnread } from "../shared/unread-notifications-data.ts";
import { dismiss, isVisible, listNotifications, markAllRead, markRead, subscribeToNew, type StudentNotification } from "./data.ts";
import { useNotificationWords } from "./words.ts";

type ListState = { kind: "loading" } | { kind: "error" } | { kind: "ready"; items: StudentNotification[]; hasMore: boolean };

export default function NotificationBell({ locale, userId }: { locale: Locale; userId: string }) {
  const t = useT();
  const m = useMessages(notificationMessages);
  const wordsOf = useNotificationWords();
  const { role } = useSignedIn();
  const supabase = getSupabase();
  const [open, setOpen] = useState(false);
  const [unread, setUnread] = useState(0);
  const [limit, setLimit] = useState(NOTIFICATION_PAGE_SIZE);
  const [list, setList] = useState<ListState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const panelRef = useRef<HTMLDivElement>(null);

  const refresh = useCallback(async () => {
    try {
      // Saved on the device, shown from there offline (issue 24).
      const [page, count] = await Promise.all([
        readThrough(`bell-list-${userId}-${limit}`, () => listNotifications(supabase, userId, limit)),
        readThrough(`bell-unread-${userId}`, () => countUnread(supabase, userId)),
      ]);
      setList({ kind: "ready", ...page });
      setUnread(count);
    } catch {
      setList({ kind: "error" });
    }
  }, [supabase, userId, limit]);

  useEffect(() => void refresh(), [refresh, attempt]);
  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, []);

  useLiveUpdates(
    userId,
    () =>
      subscribeToNew(supabase, userId, (notification) => {
        if (!isVisible(notification)) return;
        setUnread((n) => n + (notification.is_read ? 0 : 1));
        setList((current) => (current.kind === "ready" ? { ...current, items: [notification, ...current.items] } : current));
      }),
    () => void refresh(),
  );

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    panelRef.current?.focus();
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  // Optimistic updates: the list changes at once and comes back from the server on failure.
  async function act(change: () => Promise<void>) {
    try {
      await change();
    } catch {
      /* the refresh below restores the truth */
    }
    await refresh();
  }
  const update = (id: string, patch: Partial<StudentNotification>) =>
    setList((current) => (current.kind === "ready" ? { ...current, items: current.items.map((n) => (n.id === id ? { ...n, ...patch } : n)) } : current));

  const onRead = (n: StudentNotification) => {
    if (n.is_read) return;
    update(n.id, { is_read: true });
    setUnread((c) => Math.max(0, c - 1));
    void act(() => markRead(supabase, n.id));
  };
  const onDismiss = (n: StudentNotification) => {
    setList((current) => (current.kind === "ready" ? { ...current, items: current.items.filter((x) => x.id !== n.id) } : current));
    if (!n.is_read) setUnread((c) => Math.max(0, c - 1));
    void act(() => dismiss(supabase, n.id));
  };
  const onReadAll = () => {
    setList((current) => (current.kind === "ready" ? { ...current, items: current.items.map((n) => ({ ...n, is_read: true })) } : current));
    setUnread(0);
    void act(() => markAllRead(supabase, userId));
  };

  const label = unread > 0 ? t("notifications.center.unread", { count: unread }) : t("notifications.center.open");
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={label}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-full p-2 text-brand-900 hover:bg-brand-50"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span data-testid="notification-count" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent-500 px-1 text-center text-xs font-bold text-white">
            {unread}
          </span>
        )}
      </button>

      {open && (
        <div
          id="notification-panel"
          ref={panelRef}
          tabIndex={-1}
          role="region"
          aria-label={t("notifications.center.title")}
          className="absolute right-0 z-10 mt-2 w-96 max-w-[90vw] rounded-xl border border-gray-200 bg-white p-4 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-lg font-bold text-brand-900">{t("notifications.center.title")}</h2>
            {unread > 0 && (
              <button type="button" onClick={onReadAll} className="text-sm font-semibold text-brand-700 underline">
                {t("notifications.center.markAllRead")}
              </button>
            )}
          </div>

          {list.kind === "loading" && (
            <p role="status" className="mt-4 text-gray-600">
              {t("notifications.center.loading")}
            </p>
          )}
          {list.kind === "error" && (
            <div role="alert" className="mt-4">
              <p className="text-red-800">{t("notifications.center.error")}</p>
              <button type="button" onClick={() => setAttempt((n) => n + 1)} className="mt-2 rounded-md bg-brand-600 px-3 py-1 text-white">
                {t("notifications.center.retry")}
              </button>
            </div>
          )}
          {list.kind === "ready" && list.items.length === 0 && <p className="mt-4 text-gray-600">{t("notifications.center.empty")}</p>}
          {list.kind === "ready" && list.items.length > 0 && (
            <ul className="mt-3 flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
              {list.items.map((n) => {
                const words = wordsOf(n);
                return (
                  <li key={n.id} data-testid="notification" className={`rounded-lg border p-3 ${n.is_read ? "border-gray-200" : "border-brand-600 bg-brand-50"}`}>
                    <p className="font-semibold">
                      {!n.is_read && (
                        <span className="sr-only">
                          {t("notifications.center.unreadBadge")}
                          {locale === "fr" ? " : " : ": "}
                        </span>
                      )}
                      {words.title}
                    </p>
                    <p className="text-sm text-gray-800">{words.message}</p>
                    <p className="mt-1 text-xs text-gray-600">
                      <time dateTime={n.created_at}>{formatDateTime(locale, n.created_at)}</time>
                    </p>
                    <div className="mt-2 flex flex-wrap gap-2 text-sm">
                      {words.action && (
                        <a
                          href={words.action.href}
                          {...(words.action.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                          onClick={() => onRead(n)}
                          className="rounded-md bg-brand-600 px-3 py-1 font-semibold text-white hover:bg-brand-700"
                        >
                          {words.action.label}
                        </a>
                      )}
                      {!n.is_read && (
                        <button type="button" onClick={() => onRead(n)} className="rounded-md border border-brand-600 px-3 py-1 text-brand-700">
                          {t("notifications.center.markRead")}
                        </button>
                      )}
                      <button type="button" onClick={() => onDismiss(n)} className="rounded-md px-3 py-1 text-gray-700 underline">
                        {t("notifications.center.dismiss")}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {list.kind === "ready" && list.hasMore && (
            <button type="button" onClick={() => setLimit((l) => l + NOTIFICATION_PAGE_SIZE)} className="mt-3 w-full rounded-md border border-gray-300 py-1 text-sm font-semibold">
              {t("notifications.center.more")}
            </button>
          )}
          {role && (
            <a href={hrefTo(locale, `${role}.notifications`)} onClick={() => setOpen(false)} className="mt-3 block text-center text-sm font-semibold text-brand-700 underline underline-offset-2">
              {m.seeAll}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
