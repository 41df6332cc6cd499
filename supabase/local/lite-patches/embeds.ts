// Embedding: how a select's embeds are resolved and expanded. Patches of @supabase/lite's bundle (see ../lite-patches.ts).
import type { Patch } from "./patch.ts";

export const EMBEDS_PATCHES: Patch[] = [
  {
    name: "embed-star-schema",
    why: "`*` inside an embed expands to the embedded table's own columns; lite took every table of that name in any schema (users(*) listed auth.users' columns too).",
    find: "let r=n.columns.filter(i=>i.table===e).sort(",
    replace:
      'let r=/*uel:embed-star-schema*/((a,k)=>{let h=new Set(a.map(i=>i.schema||"public"));return h.size<2?a:a.filter(i=>(i.schema||"public")===(h.has(k)?k:[...h][0]))})(n.columns.filter(i=>i.table===e),n.default_schema??"public").sort(',
  },
  {
    name: "self-hint",
    why: "On a self-referencing table, a column hint names the referencing column of the rows to embed (PostgREST: /staff?select=staff!manager_id(*) lists each row's reports, with or without an alias); lite turned it around without an alias.",
    find: "l=t===i&&!!(n?.hint&&n.from&&n.from!==e)",
    replace: "l=t===i&&/*uel:self-hint*/!!n?.hint",
  },
  {
    name: "alias-not-hint",
    why: "An embed's alias only names the output key (first_user:users(*) embeds users); lite took an alias equal to an FK column as a hint, so an ambiguous embed that PostgREST refuses (300 PGRST201) worked locally.",
    find: ":r.foreign_keys.some(o=>o.table===n&&o.column===e)?e:void 0}",
    replace: ":/*uel:alias-not-hint*/!s&&r.foreign_keys.some(o=>o.table===n&&o.column===e)?e:void 0}",
  },
];
