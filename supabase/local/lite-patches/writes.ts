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
  {
    name: "missing-default-sequence",
    why: "With Prefer: missing=default PostgREST builds each row as (the inserted columns' defaults || the row), so a sequence default (identity, serial) is drawn for every row, also one that gives its own value; lite drew it only for rows without one, and the next rows' ids came out lower than hosted's. uelDrawSequences draws it, in row order, for a row's own value too.",
    find: "function F_(t,e,n){let r=n.insertInto(t.from);if(t.values){let i=ql(t.values,e,t.schema,t.from,{applyDefaults:true});",
    replace: `/*uel:missing-default-sequence*/function uelDrawSequences(t, e, rows) {
  let m = t.$meta;
  if (m?.missing !== "default" || !rows || !t.from) return rows;
  let schema = t.schema ?? e.introspection?.default_schema ?? "public";
  let sequenced = (e.introspection?.columns ?? []).filter((c) => c.table === t.from && (c.schema || "public") === schema && c.is_identity && c.pg_type && (!m.columns || m.columns.includes(c.name)));
  let draw = (row) => {
    let out = { ...row };
    for (let c of sequenced)
      if (row[c.name] !== void 0)
        out[c.name] = sql\`case when nextval(pg_get_serial_sequence(\${\`"\${schema}"."\${t.from}"\`}, \${c.name})) is null then null else \${row[c.name]}::\${sql.raw(\`"\${c.pg_type}"\`)} end\`;
    return out;
  };
  return Array.isArray(rows) ? rows.map(draw) : draw(rows);
}
function F_(t,e,n){let r=n.insertInto(t.from);if(t.values){let i=uelDrawSequences(t,e,ql(t.values,e,t.schema,t.from,{applyDefaults:true}));`,
  },
  {
    name: "missing-default-sequence-upsert",
    why: "The same for an upsert's rows.",
    find: "s=ql(r,e,t.schema,t.from,{applyDefaults:true}),i=n.insertInto(t.from).values(s)",
    replace: "s=/*uel:missing-default-sequence-upsert*/uelDrawSequences(t,e,ql(r,e,t.schema,t.from,{applyDefaults:true})),i=n.insertInto(t.from).values(s)",
  },
  {
    name: "upsert-sets-every-column",
    why: "An upsert's ON CONFLICT DO UPDATE sets every column of the request (all rows' keys), as PostgREST does; lite set only the first row's keys, so with missing=default (defaultToNull: false) a conflicting row kept the values of columns it omitted where hosted resets them to their default.",
    find: "let c=Array.isArray(s)?s[0]:s,u=Object.keys(c).filter(",
    replace: "let c=Array.isArray(s)?s[0]:s,u=/*uel:upsert-sets-every-column*/[...new Set((Array.isArray(s)?s:[s]).flatMap(Object.keys))].filter(",
  },
];
