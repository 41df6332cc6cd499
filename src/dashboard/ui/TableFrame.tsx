// The frame of every dashboard table (DataTable's too). On a phone (below 40rem, the
// `.stack-table` rules of src/styles/global.css) a table too wide for the screen shows each
// row as a block of "label : value" lines, so the page never needs sideways scrolling
// (issue 21); a table that fits stays a table. The label of a cell is its data-label: a
// table that does not set one gets its column header's text, copied here when it stacks and
// again when rows change, so a page's table stacks by being put in this frame and nothing
// else. Wider screens scroll a table too wide for them inside the frame, with a visible
// hint. `stack={false}` keeps a grid whose rows make no sense as blocks (a gradebook)
// scrolling, with its first column sticky.
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { useMessages } from "../i18n.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing } from "./styles.ts";

export interface TableFrameProps {
  children: ReactNode;
  /** Names the scrolling region (the table's caption); makes it focusable for keyboards. */
  label?: string;
  /** Stack rows below 40rem (default), or always scroll sideways. */
  stack?: boolean;
  /** A white box with a border (a table on the page, not inside a Card). */
  boxed?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A header cell's visible words, without what is hidden from screen readers (sort arrows).
 * A column whose header is for screen readers only (row actions) gets no visible label.
 */
function headerText(th: HTMLTableCellElement): string {
  if (th.dataset.label !== undefined) return th.dataset.label;
  const copy = th.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"], .sr-only').forEach((hidden) => hidden.remove());
  return (copy.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** Gives each body cell without a data-label its column header's text (colspans counted). */
export function labelCells(table: HTMLTableElement): void {
  const head = table.tHead?.rows[table.tHead.rows.length - 1];
  if (!head) return;
  const labels: string[] = [];
  for (const th of head.cells) labels.push(headerText(th), ...Array<string>(th.colSpan - 1).fill(""));
  for (const section of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of section.rows) {
      let column = 0;
      for (const cell of row.cells) {
        // A row header is the block's title: it needs no label.
        const label = cell.colSpan === 1 && cell.tagName === "TD" ? labels[column] : "";
        // Cells labelled by their page keep their label; ours follow the columns.
        if (!cell.hasAttribute("data-label") || cell.hasAttribute("data-label-auto")) {
          if (label) cell.setAttribute("data-label", label);
          else cell.removeAttribute("data-label");
          cell.setAttribute("data-label-auto", "");
        }
        column += cell.colSpan;
      }
    }
  }
}

export function TableFrame({ children, label, stack = true, boxed = false, className, testId }: TableFrameProps) {
  const m = useMessages(uiMessages);
  const frame = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  // Before the first paint and after every change of size or rows: is the table wider than
  // the frame? Then it is marked data-stacked (which the CSS acts on below 40rem only), and
  // the hint shows if it still needs scrolling. The mark is an attribute React does not own,
  // so a re-render keeps it.
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const update = () => {
      element.removeAttribute("data-stacked");
      const wide = element.scrollWidth > element.clientWidth + 1;
      if (wide && stack) {
        element.querySelectorAll<HTMLTableElement>(":scope > table").forEach(labelCells);
        element.setAttribute("data-stacked", "");
      }
      setOverflows(element.scrollWidth > element.clientWidth + 1);
    };
    update();
    const mutations = new MutationObserver(update);
    mutations.observe(element, { childList: true, subtree: true, characterData: true });
    const sizes = new ResizeObserver(update);
    sizes.observe(element);
    return () => {
      mutations.disconnect();
      sizes.disconnect();
    };
  }, [stack]);

  return (
    <div className="flex flex-col gap-1">
      <div
        ref={frame}
        // relative: screen-reader-only text in a cell is positioned against the frame, so it
        // cannot widen the page from inside a scrolled table.
        className={cx(
          "relative overflow-x-auto",
          stack && "stack-table",
          // Stacked cells keep the box's inner margin (--stack-inset, src/styles/global.css).
          boxed && "rounded-xl border border-gray-200 bg-white [--stack-inset:1rem]",
          label && focusRing,
          className,
        )}
        {...(label ? { role: "region", "aria-label": label, tabIndex: 0 } : {})}
        data-testid={testId}
      >
        {children}
      </div>
      {overflows && (
        <p className="text-xs text-gray-700" data-testid="table-scroll-hint">
          {m.table.scrollHint}
        </p>
      )}
    </div>
  );
}
