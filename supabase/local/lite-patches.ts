// Patches of @supabase/lite's bundle where its emulation differs from PostgREST, GoTrue or
// storage-api at the root (the SQL or parameters it generates, a check it makes, what a bucket
// admits; the storage answers themselves are reshaped in storage/). Applied by `npm install`
// (postinstall: `node supabase/local/lite-patches.ts`); the local stack refuses to start
// without them. Each patch replaces one exact piece of the bundle of the version pinned in
// package-lock.json and leaves a /*uel:name*/ marker, so applying twice changes nothing and
// a new lite version whose code moved fails loudly here instead of silently differing.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { GOTRUE_EMAIL } from "./auth/validate.ts";

interface Patch {
  name: string;
  /** What PostgREST does that lite did not. */
  why: string;
  find: string;
  replace: string;
}

export const LITE_PATCHES: Patch[] = [
  {
    name: "json-string",
    why: "A JSON string sent for a json/jsonb column is stored as that JSON string ({ data: 'hello' } → \"hello\"), as json_populate_record does; lite bound the bare text and Postgres refused it (22P02).",
    find: 'i==="json"?Bl(t)',
    replace: 'i==="json"?/*uel:json-string*/JSON.stringify(t)',
  },
  {
    name: "tx-rollback",
    why: "Prefer: tx=rollback runs the request and rolls it back, returning the would-be result; lite reported it applied and committed.",
    find: 'forceRollback:t?.forceRollback===!0,rpc:a&&u==="postgres"',
    replace:
      'forceRollback:t?.forceRollback===!0||/*uel:tx-rollback*//(?:^|[\\s,;])tx=rollback(?:$|[\\s,;])/i.test(n.req.header("Prefer")??""),rpc:a&&u==="postgres"',
  },
  {
    name: "embed-star-schema",
    why: "`*` inside an embed expands to the embedded table's own columns; lite took every table of that name in any schema (users(*) listed auth.users' columns too).",
    find: "let r=n.columns.filter(i=>i.table===e).sort(",
    replace:
      'let r=/*uel:embed-star-schema*/((a,k)=>{let h=new Set(a.map(i=>i.schema||"public"));return h.size<2?a:a.filter(i=>(i.schema||"public")===(h.has(k)?k:[...h][0]))})(n.columns.filter(i=>i.table===e),n.default_schema??"public").sort(',
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
    name: "self-hint",
    why: "On a self-referencing table, a column hint names the referencing column of the rows to embed (PostgREST: /staff?select=staff!manager_id(*) lists each row's reports, with or without an alias); lite turned it around without an alias.",
    find: "l=t===i&&!!(n?.hint&&n.from&&n.from!==e)",
    replace: "l=t===i&&/*uel:self-hint*/!!n?.hint",
  },
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
    name: "storage-mime-rule",
    why: "A bucket's allowed_mime_types admits a type whose type/subtype matches an entry, `image/*` admitting any image, and an .emptyFolderPlaceholder whatever its type (storage-api's validateMimeType); lite admitted only exact strings.",
    find: "!a.allowed_mime_types.includes(l))throw P.invalidMimeType(",
    replace:
      '!/*uel:storage-mime-rule*/((m,k)=>{let[q,x]=m.split("/");return x!==void 0&&k.some(o=>{let[y,z]=o.split("/");return y===q&&(z==="*"||z===x)})})(l,a.allowed_mime_types)&&!n.endsWith(".emptyFolderPlaceholder"))throw P.invalidMimeType(',
  },
  {
    name: "storage-size-limit",
    why: "An upload may not exceed the smaller of its bucket's file_size_limit and the global limit (storage-api's getStandardMaxFileSizeLimit); lite took the bucket's limit alone when it had one.",
    find: "let u=a.file_size_limit??this.config.fileSizeLimit??null;if(u&&s?.contentLength&&s.contentLength>u)",
    replace:
      "let u=/*uel:storage-size-limit*/Math.min(a.file_size_limit??1/0,this.config.fileSizeLimit??1/0);if(u!==1/0&&s?.contentLength!==void 0&&s.contentLength>u)",
  },
  {
    name: "storage-mime-error",
    why: "storage-api words a refused type `mime type <type> is not supported`, without listing the bucket's types.",
    find: 'new t(415,"invalid_mime_type",`mime type ${n} is not supported. Supported: ${r.join(", ")}`)',
    replace: '/*uel:storage-mime-error*/new t(415,"invalid_mime_type",`mime type ${n} is not supported`)',
  },
  {
    name: "storage-size-error",
    why: "storage-api words a too large upload `The object exceeded the maximum allowed size`, without the limit.",
    find: 'new t(413,"Payload too large",`The object exceeded the maximum allowed size of ${n} bytes`)',
    replace: '/*uel:storage-size-error*/new t(413,"Payload too large","The object exceeded the maximum allowed size")',
  },
  {
    name: "email-format",
    why: "An e-mail address (sign-up, e-mail change, one-time code, magic link, recovery) is checked with GoTrue's format (auth/validate.ts): lite took `xx:;x@x.x`, which GoTrue refuses, and refused `a@localhost`, which GoTrue takes.",
    find: "function Xn(t){return /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(t)}",
    replace: `function Xn(t){return/*uel:email-format*/${GOTRUE_EMAIL}.test(t)}`,
  },
];

function bundlePath(): string {
  // The package exports ESM only, without ./package.json: find it from the project root.
  return join(dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", "@supabase", "lite", "dist", "index.js");
}

const marker = (patch: Patch) => `/*uel:${patch.name}*/`;

/** Names of the patches the installed bundle lacks. */
export function missingLitePatches(): string[] {
  const source = readFileSync(bundlePath(), "utf8");
  return LITE_PATCHES.filter((patch) => !source.includes(marker(patch))).map((patch) => patch.name);
}

/** Applies the missing patches; throws, changing nothing, if one no longer fits the bundle. */
export function applyLitePatches(): string[] {
  const file = bundlePath();
  let source = readFileSync(file, "utf8");
  const applied: string[] = [];
  for (const patch of LITE_PATCHES) {
    if (source.includes(marker(patch))) continue;
    const at = source.indexOf(patch.find);
    if (at < 0 || source.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`@supabase/lite changed: patch "${patch.name}" no longer applies (supabase/local/lite-patches.ts). ${patch.why}`);
    }
    source = source.slice(0, at) + patch.replace + source.slice(at + patch.find.length);
    applied.push(patch.name);
  }
  if (applied.length) writeFileSync(file, source);
  return applied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const applied = applyLitePatches();
  console.log(applied.length ? `@supabase/lite: applied ${applied.join(", ")}` : "@supabase/lite: patches already applied");
}
