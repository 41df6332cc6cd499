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
  {
    name: "self-hint-column",
    why: "On a self-referencing table a hint must name the referencing column of a one-column foreign key (Plan.hs findRel: matchFKRefSingleCol); a constraint name, which lite also accepted, is PGRST200 on PostgREST.",
    find: "if(r){let g=sp(r,e,n,i,{preferSelfReferenceTargetColumn:s});if(g)return g;Fl(t,e,n,r);}",
    replace:
      'if(r){if(/*uel:self-hint-column*/e===n&&s){let G=Bn(i.filter(y=>y.table===n&&y.ref_table===e)).filter(y=>y.length===1&&y[0].column===r);if(G.length===1)return Vr(e,n,G[0],"o2m");Fl(t,e,n,r)}let g=sp(r,e,n,i,{preferSelfReferenceTargetColumn:s});if(g)return g;Fl(t,e,n,r);}',
  },
  {
    name: "self-ambiguous",
    why: "A table embedding itself by name takes the rows that reference it (one-to-many); with two self-referencing foreign keys that is ambiguous, 300 PGRST201 on PostgREST; lite took the first.",
    find: 'if(e===n){let g=Bn(i.filter(y=>y.table===n&&y.ref_table===e))[0];if(g)return Vr(e,n,g,"o2m")}',
    replace:
      'if(e===n){let G=Bn(i.filter(y=>y.table===n&&y.ref_table===e));if(/*uel:self-ambiguous*/G.length>1){let w=G.map(E=>Vr(e,n,E,"o2m"));throw new $e({httpStatus:300,code:"PGRST201",message:`Could not embed because more than one relationship was found for \'${e}\' and \'${n}\'`,details:w.map(E=>({cardinality:t_(E,e,n,t),embedding:`${e} with ${n}`,relationship:Pl(E,e,n)})),hint:`Try changing \'${n}\' to one of the following: ${w.map(E=>`\'${n}!${Ol(E)}\'`).join(", ")}. Find the desired relationship in the \'details\' key.`})}let g=G[0];if(g)return Vr(e,n,g,"o2m")}',
  },
  {
    name: "spread-no-relationship",
    why: "A spread (...table(cols)) with no relationship to its parent is PGRST200, as any embed, on PostgREST; lite answered PGRST120.",
    find: 'if(!r.introspection?.foreign_keys)return w_(t,u,l,i,c);if(!c)throw new $e({httpStatus:400,code:"PGRST120",message:"Could not embed because the relationship is not a one-to-one or many-to-one",details:null,hint:null})',
    replace: "if(!r.introspection?.foreign_keys)return w_(t,u,l,i,c);if(!c)/*uel:spread-no-relationship*/Fl(r.introspection,i,l,a.displayHint)",
  },
  {
    name: "duplicate-embed",
    why: "PostgREST joins each embed under the alias <parent table>_<embed name or alias>_<depth>, so the same name embedded twice beside itself (users!first_user(*), users!second_user(*)) fails with 42712; lite answered one of them under a single key.",
    find: "function Fp(t,e){let n=e.db;",
    replace: `/*uel:duplicate-embed*/function uelDuplicateEmbeds(select, join, parent, introspection, depth = 1) {
  let seen = new Set();
  for (let item of select ?? []) {
    if (typeof item == "string") continue;
    let [key, def] = Object.entries(item)[0] ?? [];
    if (!def || !ie(def)) continue;
    if (seen.has(key)) throw new $e({ httpStatus: 400, code: "42712", message: \`table name "\${parent}_\${key}_\${depth}" specified more than once\`, details: null, hint: null });
    seen.add(key);
    let target = join?.[key]?.from ?? key;
    try { target = Ce(parent, key, join?.[key], introspection).targetTable; } catch {}
    uelDuplicateEmbeds(def.select, def.join, target, introspection, depth + 1);
  }
}
function Fp(t,e){uelDuplicateEmbeds(t.select,t.join,t.from??t.function,e.introspection);let n=e.db;`,
  },
  {
    name: "missing-column-owner",
    why: "PostgREST qualifies an embedded table's columns by its join alias <table>_<depth>, and Postgres analyses the embeds (lateral joins in FROM) before the columns beside them, so messages(sum) on users fails with 'column messages_1.sum does not exist'; lite named the top table (users.sum).",
    find: "(f,d)=>u?.includes(d)?f:`column ${c}.${d} does not exist`",
    replace: `(f,d)=>u?.includes(d)?f:\`column \${/*uel:missing-column-owner*/uelColumnOwner(i,d,c,r)}.\${d} does not exist\``,
  },
  {
    name: "missing-column-owner-helper",
    why: "The search for the level that names the missing column, embeds first as Postgres analyses them.",
    find: "function Jm(t){if(t.from)return t.from}",
    replace: `/*uel:missing-column-owner-helper*/function uelColumnOwner(ast, name, root, introspection) {
  let visit = (select, join, table, depth) => {
    for (let item of select ?? []) {
      if (typeof item == "string") continue;
      let [key, def] = Object.entries(item)[0] ?? [];
      if (!def || !ie(def)) continue;
      let target = join?.[key]?.from ?? key;
      try { target = Ce(table, key, join?.[key], introspection).targetTable; } catch {}
      let found = visit(def.select, def.join, target, depth + 1);
      if (found) return found;
    }
    let names = (select ?? []).map((item) => {
      if (typeof item == "string") return item;
      let [key, def] = Object.entries(item)[0] ?? [];
      return def && !ie(def) ? def.column ?? key : null;
    });
    return names.includes(name) ? (depth ? \`\${table}_\${depth}\` : table) : null;
  };
  return visit(ast.select, ast.join, root, 0) ?? root;
}
function Jm(t){if(t.from)return t.from}`,
  },
];
