// One post with its reactions, comments, report button and, for whoever may moderate its
// board, hide/lock/pin controls (hidden posts and comments are shown greyed to them).
import { useEffect, useState, type FormEvent } from "react";
import { COMMENT_MAX, REACTIONS, REACTION_EMOJI, REPORT_REASON_MAX, type ModerationAction, type Reaction } from "../../lib/community/rules.ts";
import { formatDateTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import { cx } from "../ui/styles.ts";
import { addComment, listComments, moderateComment, moderatePost, report, toggleReaction, type Comment, type Post } from "./data.ts";
import { communityMessages } from "./messages.ts";

type M = (typeof communityMessages)["fr"];

function Reactions({ counts, mine, onToggle, m }: { counts: Record<string, number>; mine: string[]; onToggle: (kind: Reaction, on: boolean) => void; m: M }) {
  return (
    <div role="group" aria-label={m.reactions} className="flex flex-wrap gap-1">
      {REACTIONS.map((kind) => {
        const pressed = mine.includes(kind);
        const count = counts[kind] ?? 0;
        return (
          <button
            key={kind}
            type="button"
            aria-pressed={pressed}
            onClick={() => onToggle(kind, !pressed)}
            data-testid={`react-${kind}`}
            aria-label={fill(m.reactionLabel, { name: m.reactionNames[kind], count })}
            className={cx("rounded-full border px-2 py-0.5 text-sm", pressed ? "border-brand-700 bg-brand-50 text-brand-900" : "border-gray-300 bg-white text-gray-800")}
          >
            <span aria-hidden="true">
              {REACTION_EMOJI[kind]} {count}
            </span>
          </button>
        );
      })}
    </div>
  );
}

function ReportDialog({ title, isOpen, onClose, onSend }: { title: string; isOpen: boolean; onClose: () => void; onSend: (reason: string) => Promise<void> }) {
  const m = useMessages(communityMessages);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || reason.length > REPORT_REASON_MAX) return setError(m.reasonRequired);
    setError(undefined);
    setPending(true);
    try {
      await onSend(reason.trim());
      setReason("");
      onClose();
    } catch (e) {
      toastError(e);
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="report-form">
        <TextArea label={m.reason} description={m.reasonHint} value={reason} onChange={setReason} isRequired errorMessage={error} rows={4} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {m.report}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function PostCard({ post, onChanged, startOpen = false }: { post: Post; onChanged: () => void; startOpen?: boolean }) {
  const m = useMessages(communityMessages);
  const locale = useLocale();
  const [open, setOpen] = useState(startOpen);
  const [comments, setComments] = useState<{ items?: Comment[]; error?: unknown }>({});
  const [text, setText] = useState("");
  const [textError, setTextError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [reporting, setReporting] = useState<{ commentId?: string } | null>(null);
  const [notice, setNotice] = useState("");

  const loadComments = () =>
    listComments(getSupabase(), post.id).then(
      (items) => setComments({ items }),
      (error) => setComments({ error }),
    );
  useEffect(() => {
    if (open) void loadComments();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, post.id]);

  async function act(change: () => Promise<unknown>) {
    try {
      await change();
      onChanged();
      if (open) await loadComments();
    } catch (e) {
      toastError(e);
    }
  }

  async function submitComment(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || text.length > COMMENT_MAX) return setTextError(m.commentRequired);
    setTextError(undefined);
    setPending(true);
    await act(() => addComment(getSupabase(), post.id, text.trim()).then(() => setText("")));
    setPending(false);
  }

  const moderation: ModerationAction[] = [post.is_hidden ? "unhide" : "hide", post.is_locked ? "unlock" : "lock", post.is_pinned ? "unpin" : "pin"];
  return (
    <article
      className={cx("rounded-xl border bg-white p-4 shadow-sm", post.is_hidden ? "border-dashed border-gray-400 bg-gray-50 opacity-80" : "border-gray-200")}
      data-testid="post"
      aria-labelledby={`post-${post.id}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        {post.is_pinned && <Badge tone="info">{m.pinned}</Badge>}
        {post.is_locked && <Badge tone="warning">{m.locked}</Badge>}
        {post.is_hidden && <Badge tone="neutral">{m.hidden}</Badge>}
      </div>
      <h3 id={`post-${post.id}`} className="mt-1 text-lg font-bold break-words text-gray-900">
        {post.title}
      </h3>
      <p className="text-sm text-gray-700">
        {fill(m.by, { name: post.author_name ?? m.unknownAuthor })} · <time dateTime={post.created_at}>{formatDateTime(locale, post.created_at)}</time>
      </p>
      {post.is_hidden && <p className="mt-1 text-sm italic text-gray-700">{m.hiddenNote}</p>}
      <p className="mt-2 whitespace-pre-wrap break-words text-gray-900">{post.body}</p>

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Reactions counts={post.reactions} mine={post.my_reactions} m={m} onToggle={(kind, on) => void act(() => toggleReaction(getSupabase(), { postId: post.id }, kind, on))} />
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" onPress={() => setOpen(!open)} aria-expanded={open}>
            {open ? m.hideComments : fill(m.showComments, { count: post.comment_count })}
          </Button>
          <Button variant="ghost" size="sm" onPress={() => setReporting({})} data-testid="report-post">
            {m.report}
          </Button>
        </div>
      </div>

      {post.can_moderate && (
        <div role="group" aria-label={m.moderation} className="mt-3 flex flex-wrap gap-2 border-t border-gray-200 pt-3" data-testid="moderation-controls">
          {moderation.map((action) => (
            <Button
              key={action}
              variant={action === "hide" ? "danger" : "secondary"}
              size="sm"
              data-testid={`moderate-${action}`}
              onPress={() => void act(() => moderatePost(getSupabase(), post.id, action))}
            >
              {m.actions[action]}
            </Button>
          ))}
        </div>
      )}

      {open && (
        <section aria-label={fill(m.comments, { count: post.comment_count })} className="mt-3 border-t border-gray-200 pt-3">
          {comments.items ? (
            comments.items.length === 0 ? (
              <p className="text-gray-700">{m.noComments}</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {comments.items.map((c) => (
                  <li key={c.id} data-testid="comment" className={cx("rounded-lg p-3", c.is_hidden ? "border border-dashed border-gray-400 bg-gray-50 opacity-80" : "bg-gray-100")}>
                    <p className="text-xs font-semibold text-gray-800">
                      {c.author_name ?? m.unknownAuthor} · <time dateTime={c.created_at}>{formatDateTime(locale, c.created_at)}</time>
                      {c.is_hidden && <span> · {m.hidden}</span>}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{c.body}</p>
                    <div className="mt-2 flex flex-wrap items-center gap-2">
                      <Reactions counts={c.reactions} mine={c.my_reactions} m={m} onToggle={(kind, on) => void act(() => toggleReaction(getSupabase(), { commentId: c.id }, kind, on))} />
                      <Button variant="ghost" size="sm" onPress={() => setReporting({ commentId: c.id })}>
                        {m.report}
                      </Button>
                      {post.can_moderate && (
                        <Button variant="secondary" size="sm" onPress={() => void act(() => moderateComment(getSupabase(), c.id, c.is_hidden ? "unhide" : "hide"))}>
                          {c.is_hidden ? m.unhideComment : m.hideComment}
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )
          ) : comments.error ? (
            <ErrorState error={comments.error} onRetry={() => void loadComments()} />
          ) : (
            <Skeleton lines={2} />
          )}
          {post.is_locked && !post.can_moderate ? (
            <p className="mt-3 text-sm text-gray-700">{m.lockedNote}</p>
          ) : (
            <form noValidate onSubmit={(e) => void submitComment(e)} className="mt-3 flex flex-col gap-2" data-testid="comment-form">
              <TextArea label={m.comment} value={text} onChange={setText} rows={2} errorMessage={textError} />
              <div className="flex justify-end">
                <Button type="submit" size="sm" isPending={pending}>
                  {m.send}
                </Button>
              </div>
            </form>
          )}
        </section>
      )}
      <p role="status" aria-live="polite" className={notice ? "mt-2 text-sm text-brand-900" : "sr-only"}>
        {notice}
      </p>
      <ReportDialog
        title={reporting?.commentId ? m.reportCommentTitle : m.reportTitle}
        isOpen={reporting !== null}
        onClose={() => setReporting(null)}
        onSend={async (reason) => {
          await report(getSupabase(), { postId: post.id, commentId: reporting?.commentId }, reason);
          setNotice(m.reported);
        }}
      />
    </article>
  );
}
