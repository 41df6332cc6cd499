// "21–40 sur 134", previous/next and rows per page under a server-side table. The range is a
// live region: screen readers hear the new page after a press. Reaching the first or last
// page disables the button just pressed, so focus moves to the other one instead of being
// dropped on the page.
import { useId, useRef } from "react";
import { formatNumber } from "../../lib/format.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { uiMessages } from "./messages.ts";
import { cx, focusRing } from "./styles.ts";
import { PAGE_SIZES, pageCount, type TableQuery } from "./table-query.ts";

export function Pager({ total, query, onQueryChange }: { total: number; query: TableQuery; onQueryChange: (query: TableQuery) => void }) {
  const locale = useLocale();
  const m = useMessages(uiMessages);
  const sizeId = useId();
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const go = (page: number) => {
    onQueryChange({ ...query, page });
    if (page <= 1) next.current?.focus();
    else if (page >= last) previous.current?.focus();
  };
  const last = pageCount(total, query.pageSize);
  const from = total === 0 ? 0 : (query.page - 1) * query.pageSize + 1;
  const to = Math.min(total, query.page * query.pageSize);
  const range = total === 0 || from > total ? m.table.none : fill(m.table.range, { from: formatNumber(locale, from), to: formatNumber(locale, to), total: formatNumber(locale, total) });
  return (
    <nav aria-label={m.table.pager} className="flex flex-col gap-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite" data-testid="pager-range" className="text-gray-800">
        {range}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={sizeId} className="text-gray-800">
          {m.table.pageSize}
        </label>
        <select
          id={sizeId}
          value={query.pageSize}
          onChange={(event) => onQueryChange({ ...query, page: 1, pageSize: Number(event.target.value) })}
          className={cx("min-h-9 rounded-md border border-gray-500 bg-white px-2", focusRing)}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button variant="secondary" size="sm" aria-label={m.table.previous} ref={previous} isDisabled={query.page <= 1} onPress={() => go(query.page - 1)}>
          <span aria-hidden="true">‹</span>
        </Button>
        <Button variant="secondary" size="sm" aria-label={m.table.next} ref={next} isDisabled={query.page >= last} onPress={() => go(query.page + 1)}>
          <span aria-hidden="true">›</span>
        </Button>
      </div>
    </nav>
  );
}
