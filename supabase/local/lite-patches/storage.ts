// Storage: what a bucket admits, and how a refusal is worded, as storage-api's. Patches of
// @supabase/lite's bundle (see ../lite-patches.ts); the storage answers themselves are
// reshaped in front of lite, in ../storage/.
import type { Patch } from "./patch.ts";

export const STORAGE_PATCHES: Patch[] = [
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
];
