// Functions called through /rpc. Patches of @supabase/lite's bundle (see ../lite-patches.ts).
import type { Patch } from "./patch.ts";

export const RPC_PATCHES: Patch[] = [
  {
    name: "composite-arg",
    why: "A JSON object for a composite (row-typed) rpc argument becomes that row, as json_populate_record makes it; lite bound \"[object Object]\" (22P02).",
    find: ',x=E==="json"||E==="array"&&!Array.isArray(_)?ao(_):_;return sql`${sql.raw(y)} := ${x}::${sql.raw(b)}`',
    replace:
      ',x=E==="json"||E==="array"&&!Array.isArray(_)?ao(_):_;if(/*uel:composite-arg*/E!=="json"&&_!==null&&typeof _=="object"&&!Array.isArray(_))return sql`${sql.raw(y)} := json_populate_record(null::${sql.raw(b)}, ${JSON.stringify(_)}::json)`;return sql`${sql.raw(y)} := ${x}::${sql.raw(b)}`',
  },
  {
    name: "rpc-max-affected",
    why: "Prefer: handling=strict, max-affected=n (supabase-js maxAffected) on an rpc fails with PGRST124 and rolls back when the function returns more rows; lite ignored it.",
    find: 'let oi=await ch(B);return a&&u==="postgres"?await Qm(k,oi):oi}',
    replace:
      'let oi=await ch(B);/*uel:rpc-max-affected*/if(a&&oi.ok){let ma=Yx(_);if(ma!==null){let rs=await oi.clone().json().catch(()=>null);if(Array.isArray(rs)&&rs.length>ma)throw Object.assign(new Error("max-affected"),{uelResponse:oh(rs.length)})}}return a&&u==="postgres"?await Qm(k,oi):oi}',
  },
  {
    name: "rpc-max-affected-answer",
    why: "The rolled-back rpc above answers its PGRST124 response.",
    find: "}catch(g){return zm(g,{connection:i,introspection:l,vars:h,ast:m})}",
    replace: "}catch(g){if(/*uel:rpc-max-affected-answer*/g?.uelResponse instanceof Response)return g.uelResponse;return zm(g,{connection:i,introspection:l,vars:h,ast:m})}",
  },
];
