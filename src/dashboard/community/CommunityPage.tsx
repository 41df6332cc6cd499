// The student's community (/dashboard/student/community): the boards of its courses and
// programme and the university-wide one; posts paged on the server (20 a page, pinned
// first), comments, reactions, reports.
import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { createFetcherStore, invalidateKeys } from "../../lib/data-cache.ts";
import { POSTS_PAGE_SIZE, POST_BODY_MAX, POST_TITLE_MAX } from "../../lib/community/rules.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import type { PageProps } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { inputBox, labelText } from "../ui/styles.ts";
import { createPost, listBoards, listPosts, type Board, type Post } from "./data.ts";
import { communityMessages } from "./messages.ts";
import { PageNav } from "./PageNav.tsx";
import { PostCard } from "./PostCard.tsx";
import { useLastData } from "../ui/useLastData.ts";

const boardKey = (b: Pick<Board, "kind" | "id">) => `${b.kind}:${b.id ?? ""}`;
const parseBoard = (key: string) => {
  const [kind, id] = key.split(":");
  return { kind: kind as Board["kind"], id: id || null };
};

export default function CommunityPage(_: PageProps) {
  const m = useMessages(communityMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const selectId = useId();
  const { boardsStore, $query, postsStore } = useMemo(() => {
    const $query = atom<string | null>(null); // "<kind>:<id>/<page>"
    return {
      $query,
      boardsStore: createFetcherStore<Board[]>(["community-boards", userId], { fetcher: () => listBoards(getSupabase()) }),
      postsStore: createFetcherStore<{ items: Post[]; total: number }>(["community-posts:", $query], {
        fetcher: (...parts) => {
          const [board, page] = String(parts[parts.length - 1]).split("/");
          return listPosts(getSupabase(), parseBoard(board), Number(page) || 0);
        },
      }),
    };
  }, [userId]);
  const boards = useStore(boardsStore);
  const query = useStore($query);
  const postsState = useStore(postsStore);
  const posts = { ...postsState, data: useLastData(postsState.data, query) };
  const [writing, setWriting] = useState(false);

  // Once the boards are known: the programme's board (the student's whole class), else the
  // university's, never silently the first course in alphabetical order.
  useEffect(() => {
    if (!query && boards.data?.length) $query.set(`${boardKey(defaultBoard(boards.data))}/0`);
  }, [boards.data, query, $query]);

  const [board, pageText] = (query ?? "/0").split("/");
  const page = Number(pageText) || 0;
  const pages = Math.max(1, Math.ceil((posts.data?.total ?? 0) / POSTS_PAGE_SIZE));
  const refresh = () => invalidateKeys((key) => key.startsWith("community-posts:"));
  const nameOf = (b: Board) => (b.kind === "university" ? m.university : ((locale === "en" ? b.name_en : b.name_fr) ?? ""));

  return (
    <>
      <PageHeader title={m.title} description={m.description} actions={boards.data?.length ? <Button onPress={() => setWriting(true)}>{m.newPost}</Button> : undefined} />
      {boards.data ? (
        boards.data.length === 0 ? (
          <EmptyState title={m.noBoard} description={m.noBoardHint} />
        ) : (
          <>
            <div className="mb-4 max-w-xl">
              <label htmlFor={selectId} className={labelText}>
                {m.board}
              </label>
              <select id={selectId} className={`${inputBox} mt-1`} value={board} onChange={(e) => $query.set(`${e.currentTarget.value}/0`)} data-testid="board-select">
                <BoardOptions boards={boards.data} nameOf={nameOf} />
              </select>
            </div>
            {posts.data ? (
              posts.data.total === 0 ? (
                <EmptyState title={m.empty} description={m.emptyHint} action={<Button onPress={() => setWriting(true)}>{m.newPost}</Button>} />
              ) : (
                <>
                  <div className="flex flex-col gap-4" data-testid="post-list">
                    {posts.data.items.map((post) => (
                      <PostCard key={post.id} post={post} onChanged={refresh} />
                    ))}
                  </div>
                  <PageNav page={page} pages={pages} go={(to) => $query.set(`${board}/${to}`)} />
                </>
              )
            ) : posts.error ? (
              <ErrorState error={posts.error} onRetry={() => void postsStore.revalidate()} />
            ) : (
              <Skeleton blocks={3} />
            )}
          </>
        )
      ) : boards.error ? (
        <ErrorState error={boards.error} onRetry={() => void boardsStore.revalidate()} />
      ) : (
        <Skeleton blocks={3} />
      )}
      {query && boards.data && (
        <NewPostDialog
          isOpen={writing}
          onClose={() => setWriting(false)}
          boards={boards.data}
          nameOf={nameOf}
          board={board}
          onPosted={(posted) => {
            $query.set(`${posted}/0`);
            refresh();
          }}
        />
      )}
    </>
  );
}

function defaultBoard(boards: Board[]): Board {
  return boards.find((b) => b.kind === "programme") ?? boards.find((b) => b.kind === "university") ?? boards[0];
}

function BoardOptions({ boards, nameOf }: { boards: Board[]; nameOf: (b: Board) => string }) {
  const m = useMessages(communityMessages);
  return (
    <>
      {(["programme", "university", "course"] as const).map((kind) => {
        const ofKind = boards.filter((b) => b.kind === kind);
        return ofKind.length ? (
          <optgroup key={kind} label={m.boards[kind]}>
            {ofKind.map((b) => (
              <option key={boardKey(b)} value={boardKey(b)}>
                {nameOf(b)}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </>
  );
}

// The author sees, and may change, where the post goes: it starts on the board being read.
function NewPostDialog({
  isOpen,
  onClose,
  boards,
  nameOf,
  board,
  onPosted,
}: {
  isOpen: boolean;
  onClose: () => void;
  boards: Board[];
  nameOf: (b: Board) => string;
  board: string;
  onPosted: (board: string) => void;
}) {
  const m = useMessages(communityMessages);
  const selectId = useId();
  const [target, setTarget] = useState(board);
  useEffect(() => {
    if (isOpen) setTarget(board);
  }, [isOpen, board]);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      title: title.trim() && title.length <= POST_TITLE_MAX ? undefined : m.titleRequired,
      body: body.trim() && body.length <= POST_BODY_MAX ? undefined : m.bodyRequired,
    };
    setErrors(found);
    if (found.title || found.body) return;
    setPending(true);
    try {
      await createPost(getSupabase(), parseBoard(target), { title: title.trim(), body: body.trim() });
      toastSuccess("created");
      setTitle("");
      setBody("");
      onPosted(target);
      onClose();
    } catch (e) {
      toastError(e);
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog title={m.newPost} isOpen={isOpen} onOpenChange={(open) => !open && onClose()} size="lg">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="post-form">
        <div>
          <label htmlFor={selectId} className={labelText}>
            {m.postBoard}
          </label>
          <select id={selectId} className={`${inputBox} mt-1`} value={target} onChange={(e) => setTarget(e.currentTarget.value)} data-testid="post-board-select" aria-describedby={`${selectId}-help`}>
            <BoardOptions boards={boards} nameOf={nameOf} />
          </select>
          <p id={`${selectId}-help`} className="mt-1 text-sm text-gray-700">
            {m.postBoardHint}
          </p>
        </div>
        <TextField label={m.postTitle} value={title} onChange={setTitle} isRequired errorMessage={errors.title} maxLength={POST_TITLE_MAX} />
        <TextArea label={m.postBody} value={body} onChange={setBody} isRequired errorMessage={errors.body} rows={6} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {m.publish}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
