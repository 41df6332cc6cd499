import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The supabase/ folder: migrations, seed.sql, functions. */
export const SUPABASE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
/** Where `npm start` keeps the local database (git-ignored). */
export const LOCAL_DATA_DIR = join(SUPABASE_DIR, ".data", "pglite");
