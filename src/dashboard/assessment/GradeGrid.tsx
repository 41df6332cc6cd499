// The students × evaluations grid of the gradebook: one text input per mark, moved through
// like a spreadsheet (arrows, Enter down, Tab across), each labelled "Mark of <student> —
// <evaluation>". A cell saves when focus leaves it (Enter moves down); a refused entry stays in the cell,
// marked invalid, with the reason written under it and announced; it is kept for the tab's
// session (sessionStorage), so a reload shows it again, still refused, rather than a blank.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { formatDecimal, formatMark } from "../../lib/format.ts";
import { formatMarkEntry, parseMarkEntry, sameEntry, type MarkEntry, type MarkRefusal } from "../../lib/results/mark-entry.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { cx } from "../ui/styles.ts";
import { cellKey, type Gradebook } from "./data.ts";
import { gradebookMessages } from "./messages.ts";
import { TableFrame } from "../ui/TableFrame.tsx";

export interface GradeGridProps {
  book: Gradebook;
  /** Saves one mark; rejects with the reason to show. */
  onSave: (evaluationId: string, studentId: string, entry: MarkEntry) => Promise<void>;
  /** Header content under each evaluation's title (publish button or badge). */
  renderHeader: (evaluationId: string) => React.ReactNode;
}

export function GradeGrid({ book, onSave, renderHeader }: GradeGridProps) {
  const m = useMessages(gradebookMessages);
  const locale = useLocale();
  const table = useRef<HTMLTableElement>(null);
  const [announce, setAnnounce] = useState("");

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(book.students.length - 1, row));
    const c = Math.max(0, Math.min(book.evaluations.length - 1, col));
    table.current?.querySelector<HTMLInputElement>(`[data-cell="${r}:${c}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    if (event.key === "ArrowDown" || event.key === "Enter") {
      event.preventDefault();
      if (event.key === "Enter" && event.shiftKey) focusCell(row - 1, col);
      else focusCell(row + 1, col);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusCell(row - 1, col);
    } else if (event.key === "ArrowLeft" && atStart) {
      event.preventDefault();
      focusCell(row, col - 1);
    } else if (event.key === "ArrowRight" && atEnd) {
      event.preventDefault();
      focusCell(row, col + 1);
    }
  };

  return (
    <TableFrame boxed stack={false}>
      <table ref={table} className="min-w-full border-collapse text-sm" data-testid="gradebook">
        <caption className="sr-only">{m.title}</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="sticky left-0 bg-gray-50 px-3 py-2 text-start font-semibold text-gray-900">
              {m.student}
            </th>
            {book.evaluations.map((e) => (
              <th key={e.id} scope="col" className="min-w-32 px-3 py-2 text-start align-top font-semibold text-gray-900">
                <span className="block">{e.title}</span>
                <span className="block text-xs font-normal text-gray-700">
                  {m.kinds[e.kind] ?? e.kind} · {fill(m.coefficient, { value: formatDecimal(locale, e.coefficient) })}
                </span>
                <span className="mt-1 block">{renderHeader(e.id)}</span>
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-end font-semibold text-gray-900">
              {m.courseMark}
            </th>
          </tr>
        </thead>
        <tbody>
          {book.students.map((s, row) => {
            const mark = book.courseMarks.get(s.id);
            return (
              <tr key={s.id} className="border-t border-gray-200">
                <th scope="row" className="sticky left-0 bg-white px-3 py-1 text-start font-medium text-gray-900">
                  {s.name}
                </th>
                {book.evaluations.map((e, col) => {
                  const g = book.grades.get(cellKey(e.id, s.id));
                  const stored: MarkEntry = g ? (g.status === "marked" ? { status: "marked", score: g.score ?? 0 } : { status: g.status, score: null }) : null;
                  return (
                    <td key={e.id} className="px-2 py-1">
                      <MarkCell
                        draftKey={`gradebook-draft:${e.id}:${s.id}`}
                        studentName={s.name}
                        label={fill(m.cellLabel, { name: s.name, evaluation: e.title })}
                        stored={stored}
                        cell={`${row}:${col}`}
                        onKeyDown={(event) => onKeyDown(event, row, col)}
                        onCommit={async (entry) => {
                          await onSave(e.id, s.id, entry);
                          setAnnounce(m.saved);
                        }}
                        onInvalid={(reason) => setAnnounce(reason)}
                      />
                    </td>
                  );
                })}
                <td className="px-3 py-1 text-end font-semibold tabular-nums text-gray-900" data-testid={`course-mark-${s.id}`}>
                  {mark === undefined || mark === null ? <span className="font-normal text-gray-700">{m.incomplete}</span> : formatMark(locale, mark)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p role="status" aria-live="polite" className="sr-only">
        {announce}
      </p>
    </TableFrame>
  );
}

// What a refused cell held, for the tab's session (sessionStorage may be unavailable).
const drafts = {
  read(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, text: string | null) {
    try {
      if (text === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, text);
    } catch {
      // nothing kept: the cell still shows it until the page goes
    }
  },
};

function refusalOf(text: string): MarkRefusal | null {
  const parsed = parseMarkEntry(text);
  return parsed.ok ? null : parsed.reason;
}

function MarkCell({
  draftKey,
  studentName,
  label,
  stored,
  cell,
  onKeyDown,
  onCommit,
  onInvalid,
}: {
  draftKey: string;
  studentName: string;
  label: string;
  stored: MarkEntry;
  cell: string;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onCommit: (entry: MarkEntry) => Promise<void>;
  onInvalid: (reason: string) => void;
}) {
  const m = useMessages(gradebookMessages);
  const locale = useLocale();
  const [text, setText] = useState(() => drafts.read(draftKey) ?? formatMarkEntry(stored, locale));
  const [refusal, setRefusal] = useState<MarkRefusal | null>(() => {
    const draft = drafts.read(draftKey);
    return draft === null ? null : refusalOf(draft);
  });
  const [error, setError] = useState<string | null>(() => {
    const draft = drafts.read(draftKey);
    const reason = draft === null ? null : refusalOf(draft);
    return reason ? fill(m.refused[reason], { name: studentName, value: draft!.trim() }) : null;
  });
  const [saving, setSaving] = useState(false);
  const lastSaved = useRef<MarkEntry>(stored);
  const input = useRef<HTMLInputElement>(null);
  // A mark written elsewhere (a CSV import) shows once reloaded, unless the cell is being edited.
  useEffect(() => {
    if (!sameEntry(stored, lastSaved.current) && document.activeElement !== input.current) {
      lastSaved.current = stored;
      setText(formatMarkEntry(stored, locale));
      setError(null);
      setRefusal(null);
      drafts.write(draftKey, null);
    }
  }, [stored?.status, stored?.score, locale]); // eslint-disable-line react-hooks/exhaustive-deps

  const commit = async () => {
    const parsed = parseMarkEntry(text);
    if (!parsed.ok) {
      const reason = fill(m.refused[parsed.reason], { name: studentName, value: text.trim() });
      setError(reason);
      setRefusal(parsed.reason);
      drafts.write(draftKey, text);
      onInvalid(reason);
      return;
    }
    setError(null);
    setRefusal(null);
    drafts.write(draftKey, null);
    if (sameEntry(parsed.entry, lastSaved.current)) return;
    setSaving(true);
    try {
      await onCommit(parsed.entry);
      lastSaved.current = parsed.entry;
      setText(formatMarkEntry(parsed.entry, locale));
    } catch (failure) {
      const reason = fill(m.saveFailed, { reason: failure instanceof Error ? failure.message : String(failure) });
      setError(reason);
      onInvalid(reason);
    } finally {
      setSaving(false);
    }
  };

  const hintId = `${draftKey}-hint`;
  return (
    <>
      <input
        ref={input}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? hintId : undefined}
        title={error ?? undefined}
        data-cell={cell}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={() => void commit()}
        onKeyDown={onKeyDown}
        className={cx(
          "min-h-9 w-20 rounded border px-2 py-1 text-end tabular-nums outline-none focus:ring-2 focus:ring-brand-700",
          error ? "border-red-700 bg-red-50" : "border-gray-300",
          saving && "opacity-70",
        )}
      />
      {error && (
        <span id={hintId} className="mt-0.5 block max-w-28 text-xs leading-tight text-red-800" data-testid="mark-refused">
          <span aria-hidden="true">{refusal ? m.refusedShort[refusal] : error}</span>
          <span className="sr-only">{error}</span>
        </span>
      )}
    </>
  );
}
