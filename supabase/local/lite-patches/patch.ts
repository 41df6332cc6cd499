// One exact replacement in @supabase/lite's bundle (see ../lite-patches.ts).
export interface Patch {
  name: string;
  /** What PostgREST (GoTrue, storage-api) does that lite did not. */
  why: string;
  find: string;
  replace: string;
}
