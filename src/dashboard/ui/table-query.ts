// The state of a server-side table (page, size, sort, filters) and its place in the URL, so a
// reload or a shared link shows the same page. Pure functions: unit-tested without a browser.

export interface TableSort {
  /** Column id (the data module maps it to a database column). */
  id: string;
  desc: boolean;
}

export interface TableQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  sort: TableSort | null;
  /** Filter name → value; empty values are dropped. */
  filters: Record<string, string>;
}

export interface Page<Row> {
  rows: Row[];
  count: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export function defaultQuery(overrides: Partial<TableQuery> = {}): TableQuery {
  return { page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: null, filters: {}, ...overrides };
}

/** First row index (0-based, inclusive) and last (inclusive) of a page: supabase-js's range(). */
export function pageRange(query: Pick<TableQuery, "page" | "pageSize">): [number, number] {
  const from = (query.page - 1) * query.pageSize;
  return [from, from + query.pageSize - 1];
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const positiveInt = (value: string | null) => {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** Reads `<key>.page`, `<key>.size`, `<key>.sort` (-id for descending) and `<key>.f.<name>`. */
export function readQuery(search: string, key: string, fallback: TableQuery = defaultQuery()): TableQuery {
  const params = new URLSearchParams(search);
  const size = positiveInt(params.get(`${key}.size`));
  const sortParam = params.get(`${key}.sort`);
  const filters: Record<string, string> = { ...fallback.filters };
  const prefix = `${key}.f.`;
  for (const [name, value] of params) if (name.startsWith(prefix) && value) filters[name.slice(prefix.length)] = value;
  return {
    page: positiveInt(params.get(`${key}.page`)) ?? fallback.page,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : fallback.pageSize,
    sort: sortParam ? { id: sortParam.replace(/^-/, ""), desc: sortParam.startsWith("-") } : fallback.sort,
    filters,
  };
}

/** The search string with this table's state written in (defaults left out), other params kept. */
export function writeQuery(search: string, key: string, query: TableQuery, defaults: TableQuery = defaultQuery()): string {
  const params = new URLSearchParams(search);
  for (const name of [...params.keys()]) if (name.startsWith(`${key}.`)) params.delete(name);
  if (query.page !== 1) params.set(`${key}.page`, String(query.page));
  if (query.pageSize !== defaults.pageSize) params.set(`${key}.size`, String(query.pageSize));
  if (query.sort) params.set(`${key}.sort`, `${query.sort.desc ? "-" : ""}${query.sort.id}`);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(`${key}.f.${name}`, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
