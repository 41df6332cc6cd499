// The CSV import's size limit, apart from student-import.ts so the import dialog can say it
// without loading the row schema (the function checks the rows; the page shows the report).

/** At most this many rows in one import (one request; larger files: split them). */
export const MAX_IMPORT_ROWS = 500;
