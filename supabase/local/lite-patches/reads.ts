// Reads: counts and response formats. Patches of @supabase/lite's bundle (see ../lite-patches.ts).
import type { Patch } from "./patch.ts";

export const READS_PATCHES: Patch[] = [
  {
    name: "count-estimated",
    why: "Prefer: count=estimated is the exact count up to max-rows (1000, on hosted projects as in lite's default) and the planner's estimate only above it (MainTx.hs); lite always gave the planner's estimate (510 rows for a never-analysed 5-row table, so a 206).",
    find: 'async function Cc(t,e,n,r){if(e.$meta?.count!=="planned"&&e.$meta?.count!=="estimated"||n!=="postgres"||e.type==="rpc")return Jn(t,e,n,r);',
    replace:
      'async function Cc(t,e,n,r){if(e.$meta?.count!=="planned"&&e.$meta?.count!=="estimated"||n!=="postgres"||e.type==="rpc")return Jn(t,e,n,r);/*uel:count-estimated*/let uelExact=e.$meta.count==="estimated"?await Jn(t,e,n,r):null;if(uelExact!==null&&uelExact<=1000)return uelExact;',
  },
  {
    name: "count-estimated-above",
    why: "Above max-rows, PostgREST's estimate is the larger of the planner's rows and max-rows + 1 (its count stops there).",
    find: "return Number.isFinite(f)?f:Jn(t,e,n,r)}",
    replace: "return /*uel:count-estimated-above*/uelExact!==null?Math.max(1001,Number.isFinite(f)?f:0):Number.isFinite(f)?f:Jn(t,e,n,r)}",
  },
  {
    name: "csv-jsonb",
    why: "PostgREST writes CSV from Postgres' text output of each row, where a jsonb object reads {\"a\": 1, \"b\": [1, 2]} (a space after each colon and comma); lite wrote it compactly. (A top-level array may be a Postgres array, {1,2} in that text, so it is left as it was.)",
    find: "function Dm(t){if(t==null)return \"\";let e;return typeof t==\"string\"?e=t:typeof t==\"number\"||typeof t==\"boolean\"?e=String(t):typeof t==\"bigint\"?e=t.toString():e=JSON.stringify(t),",
    replace: `/*uel:csv-jsonb*/function uelJsonbText(v) {
  if (!v || typeof v != "object") return JSON.stringify(v);
  return Array.isArray(v) ? \`[\${v.map(uelJsonbText).join(", ")}]\` : \`{\${Object.entries(v).map(([k, x]) => \`\${JSON.stringify(k)}: \${uelJsonbText(x)}\`).join(", ")}}\`;
}
function Dm(t){if(t==null)return "";let e;return typeof t=="string"?e=t:typeof t=="number"||typeof t=="boolean"?e=String(t):typeof t=="bigint"?e=t.toString():e=Array.isArray(t)?JSON.stringify(t):uelJsonbText(t),`,
  },
];
