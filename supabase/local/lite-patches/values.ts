// Values: what a JSON value becomes in the database. Patches of @supabase/lite's bundle (see ../lite-patches.ts).
import type { Patch } from "./patch.ts";

export const VALUES_PATCHES: Patch[] = [
  {
    name: "json-string",
    why: "A JSON string sent for a json/jsonb column is stored as that JSON string ({ data: 'hello' } → \"hello\"), as json_populate_record does; lite bound the bare text and Postgres refused it (22P02).",
    find: 'i==="json"?Bl(t)',
    replace: 'i==="json"?/*uel:json-string*/JSON.stringify(t)',
  },
];
