// Writes: inserts, upserts and their transaction. Patches of @supabase/lite's bundle (see ../lite-patches.ts).
import type { Patch } from "./patch.ts";

export const WRITES_PATCHES: Patch[] = [
  {
    name: "tx-rollback",
    why: "Prefer: tx=rollback runs the request and rolls it back, returning the would-be result; lite reported it applied and committed.",
    find: 'forceRollback:t?.forceRollback===!0,rpc:a&&u==="postgres"',
    replace:
      'forceRollback:t?.forceRollback===!0||/*uel:tx-rollback*//(?:^|[\\s,;])tx=rollback(?:$|[\\s,;])/i.test(n.req.header("Prefer")??""),rpc:a&&u==="postgres"',
  },
  {
    name: "missing-default",
    why: "With Prefer: missing=default (supabase-js defaultToNull: false) a key a row lacks takes the column default, and the representation shows it; lite showed null.",
    find: 's?.meta?.return==="representation"&&(e.type==="insert"',
    replace: 's?.meta?.return==="representation"&&/*uel:missing-default*/s.meta.missing!=="default"&&(e.type==="insert"',
  },
  {
    name: "missing-null",
    why: "With a columns list and no missing=default (supabase-js's default for bulk inserts), a key a row lacks is stored NULL; lite stored the column default and only reported null.",
    find: 'e.values=e.values.map(E=>{let x={};for(let O of _)O in E&&(x[O]=E[O]);return x});else {let E={};for(let x of _)x in e.values&&(E[x]=e.values[x]);e.values=E;}',
    replace:
      'e.values=e.values.map(E=>{let x={};for(let O of _)O in E?(x[O]=E[O]):/*uel:missing-null*/m.missing!=="default"&&(x[O]=null);return x});else {let E={};for(let x of _)x in e.values?(E[x]=e.values[x]):m.missing!=="default"&&(E[x]=null);e.values=E;}',
  },
];
