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
  {
    name: "find-proc",
    why: "PostgREST picks the function to call as Plan.hs findProc does, among the functions its schema cache keeps (no unnamed parameter, or one of type bytea, json, jsonb, text or xml): the overloads whose parameters the argument keys fit (every required one given, nothing unknown; '' names an unnamed parameter), else the one with a single unnamed json/jsonb parameter for a JSON body; two or more is PGRST203 listing those, none is PGRST202. Lite knew no unnamed parameters and listed every overload. This adds the search; the patches below use it.",
    find: "function Ht(t,e){",
    replace: `/*uel:find-proc*/function uelFindProc(fns, e) {
  let callable = (fns ?? []).filter((f) => {
    let unnamed = f.arg_types.filter((_, i) => !f.arg_names[i]);
    return unnamed.length === 0 || (unnamed.length === 1 && ["bytea", "json", "jsonb", "text", "xml"].includes(unnamed[0]));
  });
  let keys = new Set(e.providedNames ?? []), post = e.method === "POST";
  let media = e.inputType === "text" ? (e.rawKind ?? "text") : "json";
  let fits = [], single = [];
  for (let f of callable) {
    if (f.schema !== e.schema || f.name !== e.fnName) continue;
    let names = f.arg_types.map((_, i) => f.arg_names[i] ?? "");
    let required = names.slice(0, names.length - (f.arg_defaults || 0));
    if (names.length === 0 ? keys.size === 0 && !(post && media !== "json") : required.every((n) => keys.has(n)) && [...keys].every((k) => names.includes(k))) fits.push(f);
    else if (post && names.length === 1 && names[0] === "" && (media === "json" ? /^jsonb?$/.test(f.arg_types[0]) : media === f.arg_types[0])) single.push(f);
  }
  let found = fits.length ? fits : single;
  return { callable, proc: found.length === 1 ? found[0] : null, ambiguous: found.length > 1 ? found : null, none: found.length === 0 };
}
function Ht(t,e){`,
  },
  {
    name: "rpc-not-found",
    why: "PGRST202 when PostgREST's search finds no function (above).",
    find: "function Ml(t,e){let n=t??[],r=n.filter(",
    replace: 'function Ml(t,e){/*uel:rpc-not-found*/if(e.method!=="OPTIONS"){let f=uelFindProc(t,e);return f.none?vp(e,f.callable):null}let n=t??[],r=n.filter(',
  },
  {
    name: "rpc-ambiguous",
    why: "PGRST203 lists the functions the arguments fit, not every overload of the name.",
    find: "function Op(t,e){let n=t??[],",
    replace: "function Op(t,e){/*uel:rpc-ambiguous*/{let f=uelFindProc(t,e);return f.ambiguous?Ap(e.schema,e.fnName,f.ambiguous):null}let n=t??[],",
  },
  {
    name: "rpc-pick",
    why: "The function called, and whose return type shapes the answer, is the one PostgREST's search finds.",
    find: "function so(t,e){let n=t??[],",
    replace: 'function so(t,e){/*uel:rpc-pick*/if(e.method&&e.method!=="OPTIONS")return uelFindProc(t,e).proc;let n=t??[],',
  },
  {
    name: "rpc-one-unnamed",
    why: "A function with a single unnamed parameter gets the whole body as that one argument (f('{\"\": \"x\"}'::text)), as PostgREST calls it; lite did so for json/jsonb only.",
    find: "function q_(t,e,n){let r=n.introspection?.functions;if(!r)return null;",
    replace:
      'function q_(t,e,n){let r=n.introspection?.functions;if(!r)return null;/*uel:rpc-one-unnamed*/{let f=uelFindProc(r,{schema:t.schema??n.introspection?.default_schema??"public",fnName:e,providedNames:gn(t),method:"POST",inputType:"json"}).proc;return f&&f.arg_types.length===1&&!f.arg_names[0]?f.arg_types[0]:null}',
  },
  {
    name: "rpc-hint",
    why: "PGRST202's hint as PostgREST's noRpcHint gives it: with no callable function of that name, the closest other name at 0.75 similarity or null; else the closest parameter list of that name's functions.",
    find: "function O_(t,e,n,r){",
    replace:
      'function O_(t,e,n,r){/*uel:rpc-hint*/{let o=r.filter(d=>d.schema===t&&d.name===e),p=d=>`(${[...d].sort().join(", ")})`,h=o.length===0?Xr(e,[...new Set(r.filter(d=>d.schema===t).map(d=>d.name))],0.75):(m=>m&&e+m)(Xr(p(n),o.map(d=>p(d.arg_types.map((_,i)=>d.arg_names[i]??"")))));return h?`Perhaps you meant to call the function ${t}.${h}`:null}',
  },
  {
    name: "rpc-single-none",
    why: "A function returning one row or value (not setof) whose result is filtered to nothing answers 200 null, as PostgREST's json_agg(...)->0; lite answered 406 PGRST116 as if .single() had been asked.",
    find: 'n?.cardinality==="one"||O){if(V===0)return',
    replace: 'n?.cardinality==="one"||O){if(/*uel:rpc-single-none*/V===0&&n?.cardinality!=="one")H=[null],V=1;if(V===0)return',
  },
  {
    name: "rpc-computed-field",
    why: "The rows of a function returning a table's type are that table's rows: a computed field (a function of the row, like messages' blurb_message) can be selected from them; lite read them as the table only when the select embedded something.",
    find: 'let c=!!t.join&&Object.keys(t.join).length>0;if(e.dialect==="postgres"&&c){',
    replace: 'let c=!!t.join&&Object.keys(t.join).length>0;if(e.dialect==="postgres"&&(c||/*uel:rpc-computed-field*/!0)){',
  },
  {
    name: "rpc-aggregate-group",
    why: "An aggregate in the select of an rpc's rows (with pgrst.db_aggregates_enabled) groups by the other selected columns, as on a table; lite grouped only table reads (42803).",
    find: "u=es(u,t.where??{},e,t.from,t.schema),u=Bt(u,t.order,void 0,e,t.from)",
    replace: "u=es(u,t.where??{},e,t.from,t.schema),u=/*uel:rpc-aggregate-group*/jl(u,t.select,e),u=Bt(u,t.order,void 0,e,t.from)",
  },
];
