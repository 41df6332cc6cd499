// The conversation list and the open thread. Wide screens show both side by side; a phone
// shows the list, then the thread with a way back. New messages arrive live (realtime):
// the list's unread counts update, and the open thread shows them and marks them read.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";
import { downloadBlob } from "../../lib/download.ts";
import { ATTACHMENTS_PER_MESSAGE, ATTACHMENT_ACCEPT, MESSAGE_MAX, SEARCH_MIN, checkAttachment } from "../../lib/community/rules.ts";
import { formatBytes, formatDateTime, formatNumber } from "../../lib/format.ts";
import { countOf, plural } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { useLiveUpdates } from "../ui/data-saver.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { toastError } from "../ui/toast.ts";
import { errorText, inputBox, labelText, descriptionText, cx } from "../ui/styles.ts";
import {
  downloadAttachment,
  listAnnouncementRecipients,
  listConversations,
  listMyAnnouncements,
  listMessages,
  markConversationRead,
  searchMessages,
  subscribeToMessages,
  type Attachment,
  type ConversationSummary,
  type Message,
  type SearchHit,
  type SentAnnouncement,
} from "./data.ts";
import { outboxMessages } from "../shared/outbox/messages.ts";
import { PendingStatus } from "../shared/outbox/PendingStatus.tsx";
import { NotKeptError, sendOrQueue, usePending } from "../shared/outbox/outbox-runtime.ts";
import { useOnline } from "../ui/offline/useOnline.ts";
import { messagesMessages } from "./messages.ts";
import { useLastData } from "../ui/useLastData.ts";

type M = (typeof messagesMessages)["fr"];

export function Conversations({ selected, onSelect, onNew }: { selected: string | null; onSelect: (id: string | null) => void; onNew: () => void }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  const { userId, role } = useSignedIn();
  const [live, setLive] = useState("");
  const { $selected, listStore, threadStore, sentStore } = useMemo(() => {
    const $selected = atom<string | null>(selected);
    return {
      $selected,
      listStore: createFetcherStore<ConversationSummary[]>(["messages-list", userId], { fetcher: () => listConversations(getSupabase()) }),
      // Announcements sent (only admins send them): recipients and read counts of each thread.
      sentStore: createFetcherStore<SentAnnouncement[]>(["messages-list-sent", atom<string | null>(role === "admin" ? userId : null)], {
        fetcher: () => listMyAnnouncements(getSupabase()),
      }),
      threadStore: createFetcherStore<Message[]>(["messages-thread:", $selected], {
        fetcher: (...parts) => listMessages(getSupabase(), String(parts[parts.length - 1])),
      }),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, role]);
  useEffect(() => {
    $selected.set(selected);
  }, [selected, $selected]);
  const listState = useStore(listStore);
  const list = { ...listState, data: useLastData(listState.data, userId) };
  const sentState = useStore(sentStore);
  const sentByThread = useMemo(() => new Map((sentState.data ?? []).filter((a) => a.conversation_id).map((a) => [a.conversation_id!, a])), [sentState.data]);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  // Live delivery: every new message of my conversations (with the data saver on: on coming back to the page).
  useLiveUpdates(
    userId,
    () =>
      subscribeToMessages(getSupabase(), userId, (message) => {
        invalidateKeys((key) => key.startsWith("messages-list"));
        if (message.conversation_id === selectedRef.current) invalidateKeys((key) => key.startsWith("messages-thread:"));
        if (message.sender_id !== userId) setLive(m.live);
      }),
    () => invalidateKeys((key) => key.startsWith("messages-")),
  );

  const current = list.data?.find((c) => c.id === selected);
  const totalUnread = (list.data ?? []).reduce((n, c) => n + c.unread_count, 0);

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(16rem,22rem)_1fr]">
      <p className="sr-only" aria-live="polite" role="status">
        {live}
      </p>
      <section aria-labelledby="conversations-heading" className={cx("min-w-0", selected && "hidden md:block")}>
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="conversations-heading" className="text-lg font-bold text-brand-900">
            {m.list}
          </h2>
          {totalUnread > 0 && (
            <Badge tone="info">
              <span data-testid="unread-total">{countOf(locale, m.unreadTotal, totalUnread)}</span>
            </Badge>
          )}
        </div>
        <MessageSearch onOpen={onSelect} />
        {list.data ? (
          list.data.length === 0 ? (
            <div className="mt-3">
              <EmptyState headingLevel={3} title={m.empty} description={m.emptyHint} action={<Button onPress={onNew}>{m.newMessage}</Button>} />
            </div>
          ) : (
            <ul className="mt-3 flex flex-col gap-2" data-testid="conversation-list">
              {list.data.map((c) => (
                <li key={c.id}>
                  <ConversationItem conversation={c} sent={sentByThread.get(c.id)} active={c.id === selected} onOpen={() => onSelect(c.id)} />
                </li>
              ))}
            </ul>
          )
        ) : list.error ? (
          <div className="mt-3">
            <ErrorState error={list.error} onRetry={() => void listStore.revalidate()} />
          </div>
        ) : (
          <Skeleton blocks={4} className="mt-3" />
        )}
      </section>

      <section aria-label={current ? titleOf(current, m) : m.chooseConversation} className={cx("min-w-0", !selected && "hidden md:block")}>
        {selected ? (
          <Thread key={selected} conversationId={selected} summary={current} sent={sentByThread.get(selected)} threadStore={threadStore} onBack={() => onSelect(null)} />
        ) : (
          <p className="rounded-xl border border-dashed border-gray-400 bg-white p-6 text-gray-700">{m.chooseConversation}</p>
        )}
      </section>
    </div>
  );
}

function titleOf(c: ConversationSummary, m: M): string {
  if (c.subject) return c.subject;
  if (c.course_title) return c.course_title;
  return c.other_names.filter(Boolean).join(", ") || m.kinds[c.kind];
}

function ConversationItem({ conversation: c, sent, active, onOpen }: { conversation: ConversationSummary; sent?: SentAnnouncement; active: boolean; onOpen: () => void }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={active ? "true" : undefined}
      data-testid="conversation-item"
      className={cx(
        "w-full rounded-lg border p-3 text-left outline-none focus-visible:outline-3 focus-visible:outline-gold-400",
        active ? "border-brand-700 bg-brand-50" : c.unread_count ? "border-brand-600 bg-white" : "border-gray-200 bg-white hover:bg-gray-50",
      )}
    >
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0">
          <span className="block truncate font-semibold text-gray-900">{titleOf(c, m)}</span>
          <span className="block truncate text-sm text-gray-700">
            {c.kind !== "direct" && <span className="mr-1 font-medium">{m.kinds[c.kind]} ·</span>}
            {sent ? <ReadCount sent={sent} /> : c.other_names.filter(Boolean).join(", ")}
          </span>
        </span>
        {c.unread_count > 0 && (
          <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white" data-testid="unread-count">
            <span aria-hidden="true">{c.unread_count}</span>
            <span className="sr-only">{countOf(locale, m.unread, c.unread_count)}</span>
          </span>
        )}
      </span>
      <span className="mt-1 block truncate text-sm text-gray-800">{c.last_body ?? m.noMessageYet}</span>
      <span className="mt-1 block text-xs text-gray-700">
        <time dateTime={c.last_at}>{formatDateTime(locale, c.last_at)}</time>
      </span>
    </button>
  );
}

// "Lue par 3 sur 20 destinataires": an announcement's reach, for its sender.
function ReadCount({ sent }: { sent: SentAnnouncement }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  return (
    <span data-testid="announcement-reads">{plural(locale, sent.recipient_count, m.readBy, { read: formatNumber(locale, sent.read_count), count: formatNumber(locale, sent.recipient_count) })}</span>
  );
}

// The recipients of an announcement the reader sent, read ones first, on demand.
function Recipients({ conversationId, sent }: { conversationId: string; sent: SentAnnouncement }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  const [state, setState] = useState<{ rows?: Awaited<ReturnType<typeof listAnnouncementRecipients>>; error?: unknown } | null>(null);
  function toggle(open: boolean) {
    if (!open || state?.rows) return;
    setState({});
    listAnnouncementRecipients(getSupabase(), conversationId).then(
      (rows) => setState({ rows }),
      (error) => setState({ error }),
    );
  }
  return (
    <details className="text-sm text-gray-700" onToggle={(e) => toggle(e.currentTarget.open)} data-testid="announcement-recipients">
      <summary className="cursor-pointer">
        <ReadCount sent={sent} />
      </summary>
      {state?.error ? (
        <ErrorState error={state.error} />
      ) : state?.rows ? (
        <ul className="mt-2 max-h-48 overflow-y-auto">
          {state.rows.map((r) => (
            <li key={r.user_id} className="flex justify-between gap-3">
              <span>{r.full_name}</span>
              <span>{r.read_at ? fill(m.readOn, { date: formatDateTime(locale, r.read_at) }) : m.notRead}</span>
            </li>
          ))}
        </ul>
      ) : state ? (
        <Skeleton lines={2} className="mt-2" />
      ) : null}
    </details>
  );
}

function MessageSearch({ onOpen }: { onOpen: (id: string) => void }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  const id = useId();
  const [query, setQuery] = useState("");
  const [state, setState] = useState<{ query: string; hits?: SearchHit[]; error?: unknown; pending?: boolean } | null>(null);
  const [tooShort, setTooShort] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (q.length < SEARCH_MIN) return setTooShort(true);
    setTooShort(false);
    setState({ query: q, pending: true });
    try {
      setState({ query: q, hits: await searchMessages(getSupabase(), q) });
    } catch (error) {
      setState({ query: q, error });
    }
  }

  return (
    <div className="mt-3">
      <form role="search" onSubmit={(e) => void submit(e)} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={labelText}>
            {m.searchLabel}
          </label>
          <input
            id={id}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            className={`${inputBox} mt-1`}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? `${id}-error` : undefined}
            data-testid="message-search"
            maxLength={200}
          />
        </div>
        <Button type="submit" variant="secondary">
          {m.searchButton}
        </Button>
      </form>
      {tooShort && (
        <span id={`${id}-error`} className={errorText}>
          {m.searchTooShort}
        </span>
      )}
      {state && (
        <div className="mt-3 rounded-lg border border-gray-200 bg-white p-3" data-testid="search-results">
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="font-semibold text-gray-900">{m.searchResults}</h3>
            <button type="button" className="text-sm text-brand-800 underline" onClick={() => (setState(null), setQuery(""))}>
              {m.clearSearch}
            </button>
          </div>
          {state.pending ? (
            <Skeleton lines={2} className="mt-2" />
          ) : state.error ? (
            <ErrorState error={state.error} />
          ) : state.hits?.length ? (
            <ul className="mt-2 flex flex-col gap-2">
              {state.hits.map((hit) => (
                <li key={hit.message_id}>
                  <button type="button" onClick={() => onOpen(hit.conversation_id)} className="w-full rounded border border-gray-200 p-2 text-left hover:bg-gray-50" data-testid="search-hit">
                    <span className="block text-sm font-semibold text-gray-900">{hit.subject || hit.sender_name}</span>
                    <span className="block text-sm text-gray-800">{hit.body}</span>
                    <span className="block text-xs text-gray-700">
                      {hit.sender_name} · <time dateTime={hit.created_at}>{formatDateTime(locale, hit.created_at)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-gray-800">{fill(m.noResults, { query: state.query })}</p>
          )}
        </div>
      )}
    </div>
  );
}

function Thread({
  conversationId,
  summary,
  sent,
  threadStore,
  onBack,
}: {
  conversationId: string;
  summary: ConversationSummary | undefined;
  sent: SentAnnouncement | undefined;
  threadStore: ReturnType<typeof createFetcherStore<Message[]>>;
  onBack: () => void;
}) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const threadState = useStore(threadStore);
  const thread = { ...threadState, data: useLastData(threadState.data, conversationId) };
  const bottom = useRef<HTMLDivElement | null>(null);
  const unread = summary?.unread_count ?? 0;

  // Opening (or a new message while open) marks the conversation read.
  useEffect(() => {
    if (!thread.data || unread === 0) return;
    markConversationRead(getSupabase(), conversationId)
      .then(() => invalidateKeys((key) => key.startsWith("messages-list")))
      .catch(() => {});
  }, [thread.data, unread, conversationId]);
  // (A block body: Chromium's scrollIntoView now returns a promise, which React would take for a cleanup.)
  useEffect(() => {
    void bottom.current?.scrollIntoView?.({ block: "end" });
  }, [thread.data?.length]);

  // An announcement, once sent, takes nothing more: recipients cannot answer everyone, and a
  // message added to the sender's thread would reach nobody.
  const readOnly = summary?.kind === "announcement";
  return (
    <div className="flex flex-col rounded-xl border border-gray-200 bg-white">
      <div className="flex items-center gap-2 border-b border-gray-200 p-3">
        <Button variant="ghost" size="sm" onPress={onBack} className="md:hidden">
          <span aria-hidden="true">←</span> {m.back}
        </Button>
        <div className="min-w-0">
          <h2 className="truncate text-lg font-bold text-brand-900" data-testid="thread-title">
            {summary ? titleOf(summary, m) : "…"}
          </h2>
          {sent ? (
            <Recipients conversationId={conversationId} sent={sent} />
          ) : (
            summary && summary.kind !== "announcement" && <p className="text-sm text-gray-700">{countOf(locale, m.participants, summary.participant_count)}</p>
          )}
        </div>
      </div>
      <div className="max-h-[60vh] min-h-[12rem] overflow-y-auto p-3" data-testid="thread">
        {thread.data ? (
          thread.data.length === 0 ? (
            <p className="text-gray-700">{m.threadEmpty}</p>
          ) : (
            <ol className="flex flex-col gap-3">
              {thread.data.map((message) => {
                const mine = message.sender_id === userId;
                return (
                  <li key={message.id} className={cx("max-w-[90%] rounded-lg p-3", mine ? "self-end bg-brand-50" : "self-start bg-gray-100")} data-testid="message">
                    <p className="text-xs font-semibold text-gray-800">
                      {mine ? m.you : (message.sender_name ?? "—")} · <time dateTime={message.created_at}>{formatDateTime(locale, message.created_at)}</time>
                      {message.edited_at && <span> · {m.edited}</span>}
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-gray-900">{message.body}</p>
                    {message.attachments.length > 0 && (
                      <ul className="mt-2 flex flex-col gap-1">
                        {message.attachments.map((a) => (
                          <li key={a.id}>
                            <AttachmentLink attachment={a} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ol>
          )
        ) : thread.error ? (
          <ErrorState error={thread.error} onRetry={() => void threadStore.revalidate()} />
        ) : (
          <Skeleton lines={4} />
        )}
        <PendingMessages conversationId={conversationId} />
        <div ref={bottom} />
      </div>
      {readOnly ? <p className="border-t border-gray-200 p-3 text-sm text-gray-700">{sent ? m.sentReadOnly : m.readOnly}</p> : <Composer conversationId={conversationId} />}
    </div>
  );
}

// My messages kept on this device until the server has them, after the thread, each with
// its state (waiting, or refused with a way to retry or give it up).
function PendingMessages({ conversationId }: { conversationId: string }) {
  const m = useMessages(messagesMessages);
  const pending = usePending((w) => w.kind === "message" && w.conversationId === conversationId);
  if (pending.length === 0) return null;
  return (
    <ol className="mt-3 flex flex-col gap-3" aria-label={m.pendingList}>
      {pending.map((item) => (
        <li key={item.key} className="max-w-[90%] self-end rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="pending-message">
          <PendingStatus item={item}>
            <p className="whitespace-pre-wrap break-words text-gray-900">{item.write.body}</p>
            {item.write.files.length > 0 && (
              <p className="text-sm text-gray-800">
                <span aria-hidden="true">📎 </span>
                {item.write.files.map((f) => f.name).join(", ")}
              </p>
            )}
          </PendingStatus>
        </li>
      ))}
    </ol>
  );
}

function AttachmentLink({ attachment }: { attachment: Attachment }) {
  const m = useMessages(messagesMessages);
  const size = formatBytes(useLocale(), attachment.size_bytes);
  async function open() {
    try {
      // Fetched with the session (the bucket's rules apply), then saved from a same-origin
      // blob: a cross-origin link's download attribute would be ignored.
      downloadBlob(attachment.file_name, await downloadAttachment(getSupabase(), attachment.storage_path));
    } catch (error) {
      toastError(error);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void open()}
      className="text-sm font-semibold text-brand-800 underline underline-offset-2"
      data-testid="attachment"
      aria-label={fill(m.download, { name: attachment.file_name })}
    >
      <span aria-hidden="true">📎 </span>
      {attachment.file_name} <span className="font-normal text-gray-700">({size})</span>
    </button>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const m = useMessages(messagesMessages);
  const o = useMessages(outboxMessages);
  const online = useOnline();
  const { userId } = useSignedIn();
  const fileId = useId();
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);

  function pick(list: FileList | null) {
    const chosen = [...files, ...Array.from(list ?? [])];
    if (input.current) input.current.value = "";
    if (chosen.length > ATTACHMENTS_PER_MESSAGE) return setFileError(m.tooManyFiles);
    for (const file of chosen) {
      const problem = checkAttachment(file);
      if (problem === "too_big") return setFileError(fill(m.fileTooBig, { name: file.name }));
      if (problem === "wrong_type") return setFileError(fill(m.fileWrongType, { name: file.name }));
      if (problem === "empty") return setFileError(fill(m.fileEmpty, { name: file.name }));
    }
    setFileError(undefined);
    setFiles(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = body.trim() || files.map((f) => f.name).join(", ");
    if (!text) return setError(m.messageRequired);
    if (text.length > MESSAGE_MAX) return setError(m.messageTooLong);
    setError(undefined);
    setPending(true);
    // The key of this press: however many times it is sent, the server writes it once.
    const key = crypto.randomUUID();
    try {
      // Sent now, or kept on the device and shown below the thread until the network returns.
      await sendOrQueue(userId, { kind: "message", conversationId, body: text, files: files.map((file) => ({ name: file.name, blob: file })) }, key);
      setBody("");
      setFiles([]);
    } catch (e) {
      if (e instanceof NotKeptError) setError(o.notKept);
      else toastError(e);
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2 border-t border-gray-200 p-3" data-testid="composer">
      {!online && (
        <p className="text-sm font-medium text-amber-900" data-testid="offline-note">
          {o.offline} {o.willBeSent}
        </p>
      )}
      <TextArea label={m.composer} value={body} onChange={setBody} rows={3} errorMessage={error} />
      <div>
        <label htmlFor={fileId} className={labelText}>
          {m.attach}
        </label>
        <input
          id={fileId}
          ref={input}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => pick(e.currentTarget.files)}
          className="mt-1 block w-full text-sm"
          aria-describedby={`${fileId}-help`}
          data-testid="attach-input"
        />
        <span id={`${fileId}-help`} className={fileError ? errorText : descriptionText}>
          {fileError ?? m.attachHint}
        </span>
        {files.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-2">
            {files.map((file, i) => (
              <li key={`${file.name}-${i}`} className="flex items-center gap-1 rounded bg-gray-100 px-2 py-1 text-sm">
                {file.name}
                <button type="button" onClick={() => setFiles(files.filter((_, j) => j !== i))} aria-label={fill(m.removeFile, { name: file.name })} className="px-1 text-gray-800">
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" isPending={pending}>
          {pending ? m.sending : m.send}
        </Button>
      </div>
    </form>
  );
}
