// Parsers for column values as the Data API sends them, shared by the dashboard's data
// modules (each parses its rows at the boundary with zod). PostgREST sends numeric and
// bigint columns as strings when they do not fit a JSON number exactly ("12.50"), so a
// number column accepts either and yields a number.
import * as z from "zod/mini";

const numeric = z.union([z.number(), z.string()]);

/** A number column (numeric, bigint: sent as a number or a string). */
export const num = z.pipe(
  numeric,
  z.transform((v) => Number(v)),
);
/** A nullable number column: null stays null. */
export const nullableNum = z.pipe(
  z.nullable(numeric),
  z.transform((v) => (v === null ? null : Number(v))),
);
/** A number that may be null or absent (a key a function's JSON leaves out): null either way. */
export const nullishNum = z.pipe(
  z.nullish(numeric),
  z.transform((v) => (v === null || v === undefined ? null : Number(v))),
);

/** A timestamp as a Date. */
export const date = z.pipe(
  z.string(),
  z.transform((v) => new Date(v)),
);
/** A nullable timestamp as a Date or null. */
export const nullableDate = z.pipe(
  z.nullable(z.string()),
  z.transform((v) => (v === null ? null : new Date(v))),
);
/** A timestamp that may be null, absent or empty: a Date or null. */
export const nullishDate = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => (v ? new Date(v) : null)),
);

/** A timestamp as an ISO string in UTC: one spelling, whichever the column or function sent. */
export const instant = z.pipe(
  z.string(),
  z.transform((v) => new Date(v).toISOString()),
);
