// Page, sort and filters of a server-side table, kept in the URL (a reload or a shared link
// shows the same page), and the fetch of the current page. Spread `tableProps` onto DataTable.
// Each page read is saved on the device and shown from there offline (issue 24), and read
// again when the network comes back.
import { useCallback, useEffect, useRef, useState } from "react";
import { readThrough } from "../../lib/offline/read-through.ts";
import { useShownKey } from "./offline/useShownKey.ts";
import { defaultQuery, pageCount, readQuery, writeQuery, type Page, type TableQuery } from "./table-query.ts";

export interface UseServerTableOptions<Row> {
  /** Prefix of this table's URL parameters (two tables on a page need two keys). */
  key: string;
  /** One page from the server: a data.ts function using range(from, to) and count. */
  fetchPage: (query: TableQuery) => Promise<Page<Row>>;
  /** Starting state when the URL says nothing (e.g. a default sort). */
  initial?: Partial<TableQuery>;
}

export function useServerTable<Row>({ key, fetchPage, initial }: UseServerTableOptions<Row>) {
  const defaults = useRef(defaultQuery(initial)).current;
  const [query, setQueryState] = useState<TableQuery>(() => (typeof location === "undefined" ? defaults : readQuery(location.search, key, defaults)));
  const [page, setPage] = useState<Page<Row>>({ rows: [], count: 0 });
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const setQuery = useCallback(
    (next: TableQuery) => {
      setQueryState(next);
      // replaceState: paging does not fill the back button's history, and the router ignores it.
      const search = writeQuery(location.search, key, next, defaults);
      history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
    },
    [key, defaults],
  );

  const savedKey = `table-${typeof location === "undefined" ? "" : location.pathname}-${key}-${JSON.stringify(query)}`;
  useShownKey(savedKey);
  useEffect(() => {
    let current = true;
    setLoading(true);
    setError(null);
    readThrough(savedKey, () => fetchRef.current(query)).then(
      (result) => {
        if (!current) return;
        // A link to page 9 of what is now 3 pages: go to the last page instead of an empty one.
        const last = pageCount(result.count, query.pageSize);
        if (result.rows.length === 0 && result.count > 0 && query.page > last) return setQuery({ ...query, page: last });
        setPage(result);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(failure);
        setLoading(false);
      },
    );
    // A newer request supersedes this one: its answer, if it comes, is dropped.
    return () => {
      current = false;
    };
  }, [query, attempt, setQuery, savedKey]);

  useEffect(() => {
    const again = () => setAttempt((n) => n + 1);
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, []);

  /** Sets (or clears, with "") one filter and goes back to the first page. */
  const setFilter = useCallback(
    (name: string, value: string) => {
      const filters = { ...query.filters };
      if (value) filters[name] = value;
      else delete filters[name];
      setQuery({ ...query, page: 1, filters });
    },
    [query, setQuery],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    query,
    setQuery,
    setFilter,
    rows: page.rows,
    count: page.count,
    loading,
    error,
    retry,
    /** Spread onto <DataTable caption=… columns=… {...tableProps} />. */
    tableProps: { rows: page.rows, total: page.count, query, onQueryChange: setQuery, loading, error: error ?? undefined, onRetry: retry },
  };
}
