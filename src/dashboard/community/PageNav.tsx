// "Page 2 of 5" between previous and next, under a paged list of the community (the board's
// posts, the moderation queue). Nothing when everything fits on one page.
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { communityMessages } from "./messages.ts";

/** page counts from 0; go(page) shows that page. */
export function PageNav({ page, pages, go }: { page: number; pages: number; go: (page: number) => void }) {
  const m = useMessages(communityMessages);
  if (pages <= 1) return null;
  return (
    <nav aria-label={m.paging} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" isDisabled={page === 0} onPress={() => go(page - 1)}>
        {m.previous}
      </Button>
      <span className="text-sm text-gray-800">{fill(m.page, { page: page + 1, pages })}</span>
      <Button variant="secondary" size="sm" isDisabled={page + 1 >= pages} onPress={() => go(page + 1)}>
        {m.next}
      </Button>
    </nav>
  );
}
