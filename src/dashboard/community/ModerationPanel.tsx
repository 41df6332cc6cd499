// The community feature's public moderation panel, shown as the "Modération" tab of the
// teachers' and admins' messages page (SPEC §2 gives them no community page): the reports
// of the boards they moderate, paged on the server, with hide/lock/pin on the post, and
// the post itself (with its comments, hidden ones greyed) a click away.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useMemo, useState } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";
import type { ModerationAction } from "../../lib/community/rules.ts";
import { formatDateTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { inputBox, labelText } from "../ui/styles.ts";
import { getPost, listReports, moderateComment, moderatePost, resolveReport, type Post, type Report, type ReportStatus } from "./data.ts";
import { communityMessages } from "./messages.ts";
import { PageNav } from "./PageNav.tsx";
import { PostCard } from "./PostCard.tsx";
import { useLastData } from "../ui/useLastData.ts";

const PAGE_SIZE = 20;

function postFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get("post");
}

function setPostInUrl(id: string | null) {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set("post", id);
  else url.searchParams.delete("post");
  window.history.replaceState(window.history.state, "", url);
}

export default function ModerationPanel() {
  const m = useMessages(communityMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const statusId = useId();
  const { $query, store } = useMemo(() => {
    const $query = atom("open/0");
    return {
      $query,
      store: createFetcherStore<{ items: Report[]; total: number }>(["moderation-reports", userId, ":", $query], {
        fetcher: (...parts) => {
          const [status, page] = String(parts[parts.length - 1]).split("/");
          return listReports(getSupabase(), status as ReportStatus, Number(page) || 0);
        },
      }),
    };
  }, [userId]);
  const query = useStore($query);
  const [status, pageText] = query.split("/");
  const page = Number(pageText) || 0;
  const reportsState = useStore(store);
  const reports = { ...reportsState, data: useLastData(reportsState.data, query) };
  const [postId, setPostId] = useState<string | null>(postFromUrl);
  const pages = Math.max(1, Math.ceil((reports.data?.total ?? 0) / PAGE_SIZE));
  const refresh = () => invalidateKeys((key) => key.startsWith("moderation-reports") || key.startsWith("community-posts:"));

  async function act(change: () => Promise<void>) {
    try {
      await change();
    } catch (e) {
      toastError(e);
    } finally {
      refresh();
    }
  }
  const open = (id: string | null) => {
    setPostId(id);
    setPostInUrl(id);
  };

  return (
    <section aria-labelledby="moderation-heading" data-testid="moderation-panel">
      <h2 id="moderation-heading" className="text-xl font-bold text-brand-900">
        {m.moderationTitle}
      </h2>
      <p className="mt-1 max-w-prose text-gray-700">{m.moderationDescription}</p>
      <div className="mt-3 max-w-xs">
        <label htmlFor={statusId} className={labelText}>
          {m.status}
        </label>
        <select id={statusId} className={`${inputBox} mt-1`} value={status} onChange={(e) => $query.set(`${e.currentTarget.value}/0`)}>
          {(["open", "resolved", "dismissed"] as const).map((s) => (
            <option key={s} value={s}>
              {m.statuses[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-4">
        {reports.data ? (
          reports.data.total === 0 ? (
            <EmptyState headingLevel={3} title={m.noReports} description={m.noReportsHint} />
          ) : (
            <>
              <ul className="flex flex-col gap-3" data-testid="report-list">
                {reports.data.items.map((r) => {
                  const actions: ModerationAction[] = [r.post_is_hidden ? "unhide" : "hide", r.post_is_locked ? "unlock" : "lock", r.post_is_pinned ? "unpin" : "pin"];
                  return (
                    <li key={r.id} className="rounded-xl border border-gray-200 bg-white p-4" data-testid="report">
                      <p className="text-xs font-semibold uppercase tracking-wide text-gray-700">{(locale === "en" ? r.board_en : r.board_fr) ?? m.university}</p>
                      <h3 className="mt-1 font-bold text-gray-900">
                        {r.post_title} {r.post_is_hidden && <Badge tone="neutral">{m.hidden}</Badge>}
                      </h3>
                      {r.comment_body !== null && (
                        <p className="mt-1 text-sm text-gray-800">
                          <span className="font-semibold">{m.onComment}</span> {r.comment_body}
                          {r.comment_is_hidden && <span> ({m.hidden})</span>}
                        </p>
                      )}
                      <p className="mt-2 rounded bg-amber-50 p-2 text-gray-900">{r.reason}</p>
                      <p className="mt-1 text-xs text-gray-700">{fill(m.reportedBy, { name: r.reporter_name ?? m.unknownAuthor, date: formatDateTime(locale, r.created_at) })}</p>
                      <div className="mt-3 flex flex-wrap gap-2">
                        <Button variant="secondary" size="sm" onPress={() => open(r.post_id)}>
                          {m.viewPost}
                        </Button>
                        {actions.map((action) => (
                          <Button key={action} size="sm" variant={action === "hide" ? "danger" : "secondary"} onPress={() => void act(() => moderatePost(getSupabase(), r.post_id, action))}>
                            {m.actions[action]}
                          </Button>
                        ))}
                        {r.comment_id && (
                          <Button size="sm" variant="secondary" onPress={() => void act(() => moderateComment(getSupabase(), r.comment_id!, r.comment_is_hidden ? "unhide" : "hide"))}>
                            {r.comment_is_hidden ? m.unhideComment : m.hideComment}
                          </Button>
                        )}
                        {r.status === "open" ? (
                          <>
                            <Button size="sm" variant="ghost" onPress={() => void act(() => resolveReport(getSupabase(), r.id, "resolved"))}>
                              {m.resolve}
                            </Button>
                            <Button size="sm" variant="ghost" onPress={() => void act(() => resolveReport(getSupabase(), r.id, "dismissed"))}>
                              {m.dismiss}
                            </Button>
                          </>
                        ) : (
                          <Button size="sm" variant="ghost" onPress={() => void act(() => resolveReport(getSupabase(), r.id, "open"))}>
                            {m.reopen}
                          </Button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
              <PageNav page={page} pages={pages} go={(to) => $query.set(`${status}/${to}`)} />
            </>
          )
        ) : reports.error ? (
          <ErrorState error={reports.error} onRetry={() => void store.revalidate()} />
        ) : (
          <Skeleton blocks={3} />
        )}
      </div>
      {postId && <PostDialog postId={postId} onClose={() => open(null)} onChanged={refresh} />}
    </section>
  );
}

/** The post a report is about, with its comments and moderation controls. */
function PostDialog({ postId, onClose, onChanged }: { postId: string; onClose: () => void; onChanged: () => void }) {
  const m = useMessages(communityMessages);
  const [state, setState] = useState<{ post?: Post | null; error?: unknown }>({});
  const load = () =>
    getPost(getSupabase(), postId).then(
      (post) => setState({ post }),
      (error) => setState({ error }),
    );
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postId]);
  return (
    <Dialog title={m.viewPost} isOpen onOpenChange={(isOpen) => !isOpen && onClose()} size="lg" isDismissable>
      {state.post ? (
        <PostCard post={state.post} startOpen onChanged={() => (onChanged(), void load())} />
      ) : state.post === null ? (
        <p>{m.postNotFound}</p>
      ) : state.error ? (
        <ErrorState error={state.error} onRetry={() => void load()} />
      ) : (
        <Skeleton lines={4} />
      )}
    </Dialog>
  );
}
