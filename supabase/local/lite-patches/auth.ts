// Auth: the checks lite makes itself that GoTrue makes differently. Patches of
// @supabase/lite's bundle (see ../lite-patches.ts).
import { GOTRUE_EMAIL } from "../auth/validate.ts";
import type { Patch } from "./patch.ts";

export const AUTH_PATCHES: Patch[] = [
  {
    name: "email-format",
    why: "An e-mail address (sign-up, e-mail change, one-time code, magic link, recovery) is checked with GoTrue's format (auth/validate.ts): lite took `xx:;x@x.x`, which GoTrue refuses, and refused `a@localhost`, which GoTrue takes.",
    find: "function Xn(t){return /^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(t)}",
    replace: `function Xn(t){return/*uel:email-format*/${GOTRUE_EMAIL}.test(t)}`,
  },
];
