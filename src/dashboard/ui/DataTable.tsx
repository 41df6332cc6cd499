// A server-side table (DESIGN §6: lists that can pass 100 rows page, sort and filter on the
// server and export to CSV). @tanstack/react-table in manual mode owns the column model and
// the sort toggling; the server does the work; this component only shows the page it is given.
import { useState, type ReactNode } from "react";
import { FlexRender, rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState, type Updater } from "@tanstack/react-table";
import { useLocale, useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { EmptyState } from "./EmptyState.tsx";
import { ErrorState } from "./ErrorState.tsx";
import { Pager } from "./Pager.tsx";
import { TableFrame } from "./TableFrame.tsx";
import { downloadText, toCsv, type CsvValue } from "./csv.ts";
import { uiMessages } from "./messages.ts";
import { cx, focusRing } from "./styles.ts";
import type { TableQuery } from "./table-query.ts";
import { toastError } from "./toast.ts";

export interface DataColumn<Row> {
  /** Also the sort key handed to fetchPage. */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The CSV value; default: what `cell` returns when it is text or a number. */
  csv?: (row: Row) => CsvValue;
  sortable?: boolean;
  align?: "start" | "end";
}

export interface DataTableProps<Row> {
  /** Names the table for screen readers (shown above it). */
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  /** Rows matching the filters on the server, across all pages. */
  total: number;
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  getRowId?: (row: Row, index: number) => string;
  /** Filter controls, shown above the table. */
  filters?: ReactNode;
  /** Every row matching the filters, for "Exporter CSV"; no button without it. */
  fetchAll?: () => Promise<Row[]>;
  csvFileName?: string;
  /** Default: ";" in French (French Excel), "," in English. */
  csvDelimiter?: "," | ";";
  /** Shown instead of the rows when there are none: an EmptyState naming the next action. */
  empty?: ReactNode;
  captionHidden?: boolean;
}

const features = tableFeatures({ rowSortingFeature });
type Features = typeof features;

const csvOf = (value: ReactNode): CsvValue => (typeof value === "string" || typeof value === "number" ? value : "");

export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const { caption, columns, rows, total, query, onQueryChange, loading = false, error, onRetry, getRowId, filters, fetchAll, empty, captionHidden } = props;
  const locale = useLocale();
  const m = useMessages(uiMessages);
  const [exporting, setExporting] = useState(false);

  const sorting: SortingState = query.sort ? [{ id: query.sort.id, desc: query.sort.desc }] : [];
  const columnDefs: ColumnDef<Features, Row>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: (row: Row) => row as unknown,
    cell: (context) => column.cell(context.row.original),
    enableSorting: !!column.sortable,
  }));
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId,
    manualSorting: true,
    sortDescFirst: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      // A new order starts again from the first page.
      onQueryChange({ ...query, page: 1, sort: next[0] ? { id: next[0].id, desc: next[0].desc } : null });
    },
  });

  const exportCsv = async () => {
    if (!fetchAll) return;
    setExporting(true);
    try {
      const all = await fetchAll();
      const text = await toCsv(
        columns.map((c) => c.header),
        all.map((row) => columns.map((c) => (c.csv ? c.csv(row) : csvOf(c.cell(row))))),
        props.csvDelimiter ?? (locale === "fr" ? ";" : ","),
      );
      downloadText(props.csvFileName ?? `${caption}.csv`, text);
    } catch (failure) {
      toastError(failure);
    } finally {
      setExporting(false);
    }
  };

  const skeletonRows = Math.min(query.pageSize, 8);
  const showEmpty = !loading && !error && rows.length === 0;
  const alignClass = (column: DataColumn<Row> | undefined) => (column?.align === "end" ? "text-right" : "text-left");
  const columnById = new Map(columns.map((c) => [c.id, c]));

  return (
    <div className="flex flex-col gap-3" data-testid="data-table">
      {(filters || fetchAll) && (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
          {filters && (
            <div role="group" aria-label={m.table.filters} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
              {filters}
            </div>
          )}
          {fetchAll && (
            <Button variant="secondary" size="sm" onPress={() => void exportCsv()} isPending={exporting} isDisabled={total === 0}>
              {exporting ? m.table.exporting : m.table.exportCsv}
            </Button>
          )}
        </div>
      )}
      {error !== undefined && error !== null ? (
        <ErrorState error={error} onRetry={onRetry} retrying={loading} />
      ) : (
        // Phones see each row as a block of "column : value" lines; wider screens too narrow
        // for every column scroll the table inside this focusable region.
        <TableFrame label={caption} boxed>
          <table className="w-full border-collapse text-sm" aria-busy={loading || undefined}>
            <caption className={cx("px-4 py-3 text-left text-base font-semibold text-gray-900", captionHidden && "sr-only")}>{caption}</caption>
            <thead className="bg-gray-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = columnById.get(header.column.id);
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={canSort ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                        className={cx("border-b border-gray-200 px-4 py-2 font-semibold whitespace-nowrap text-gray-900", alignClass(column))}
                      >
                        {canSort ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className={cx("inline-flex min-h-9 items-center gap-1 rounded px-1 -mx-1 hover:underline", focusRing)}
                          >
                            <FlexRender header={header} />
                            <span aria-hidden="true" className="w-3 text-gray-600">
                              {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                            </span>
                          </button>
                        ) : (
                          <FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {loading
                ? Array.from({ length: skeletonRows }, (_, i) => (
                    <tr key={`skeleton-${i}`} aria-hidden="true" data-testid="skeleton-row">
                      {columns.map((c) => (
                        <td key={c.id} className="border-b border-gray-100 px-4 py-3">
                          <div className="h-4 animate-pulse rounded bg-gray-200" />
                        </td>
                      ))}
                    </tr>
                  ))
                : table.getRowModel().rows.map((row) => (
                    <tr key={row.id} className="even:bg-gray-50/60">
                      {row.getAllCells().map((cell, index) => (
                        <td
                          key={cell.id}
                          // Stacked on a phone, the first column (who or what the row is) is
                          // the block's title; the others read "column : value".
                          data-label={index === 0 ? "" : columnById.get(cell.column.id)?.header}
                          data-row-title={index === 0 || undefined}
                          className={cx("border-b border-gray-100 px-4 py-2 align-top text-gray-900", alignClass(columnById.get(cell.column.id)))}
                        >
                          <FlexRender cell={cell} />
                        </td>
                      ))}
                    </tr>
                  ))}
              {showEmpty && (
                <tr>
                  <td colSpan={columns.length} className="p-4">
                    {empty ?? <EmptyState title={m.table.empty} headingLevel={3} />}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
          {loading && (
            <span role="status" className="sr-only">
              {m.loading}
            </span>
          )}
        </TableFrame>
      )}
      <Pager total={total} query={query} onQueryChange={onQueryChange} />
    </div>
  );
}
