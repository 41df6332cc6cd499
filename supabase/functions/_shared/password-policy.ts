// The password rule for teachers and admins, stronger than everyone's (8 characters with
// letters and digits, which the auth server enforces). A hosted project's GoTrue has one
// rule for all accounts, so whatever sets a staff password checks this one itself: the
// admin-users function here, and the local stack's auth (supabase/local/context.ts).
export const LOWER = "abcdefghijklmnopqrstuvwxyz";
export const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const DIGITS = "0123456789";
export const SYMBOLS = "!@#$%^&*()_+-=[]{};':\"|<>?,./`~";
export const STAFF_MIN_LENGTH = 12;
export const STAFF_REQUIRED_CHARACTERS = [LOWER, UPPER, DIGITS, SYMBOLS];

/** GoTrue's weak_password reasons for a staff password (empty when it passes). */
export function staffPasswordReasons(password: string): ("length" | "characters")[] {
  const chars = [...password];
  const reasons: ("length" | "characters")[] = [];
  if (chars.length < STAFF_MIN_LENGTH) reasons.push("length");
  if (STAFF_REQUIRED_CHARACTERS.some((set) => !chars.some((c) => set.includes(c)))) reasons.push("characters");
  return reasons;
}
