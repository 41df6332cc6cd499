// GoTrue's checks of e-mail addresses and phone numbers, with its messages, so that an
// address refused on a hosted project is refused here too, and one it takes is taken.
import { authError } from "./http.ts";

/**
 * The format GoTrue accepts (internal/api/mail.go validateEmail: github.com/badoux/checkmail
 * ValidateFormat, the version pinned in its go.mod). lite-patches.ts gives lite the same.
 */
export const GOTRUE_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const isEmail = (email: string) => email.length <= 255 && GOTRUE_EMAIL.test(email);

/** GoTrue's refusal of an e-mail address (400 validation_failed), or null when it is valid. */
export function emailRefusal(email: unknown): Response | null {
  const value = typeof email === "string" ? email : "";
  if (!value) return authError(400, "validation_failed", "An email address is required");
  if (value.length > 255) return authError(400, "validation_failed", "An email address is too long");
  if (!GOTRUE_EMAIL.test(value)) return authError(400, "validation_failed", "Unable to validate email address: invalid format");
  return null;
}

/** GoTrue's phone form (internal/api/phone.go): E.164 digits once "+" and spaces are dropped. */
export function phoneRefusal(phone: unknown): Response | null {
  const digits = String(phone ?? "")
    .replace(/^\+/, "")
    .replaceAll(" ", "");
  return /^[1-9][0-9]{1,14}$/.test(digits) ? null : authError(400, "validation_failed", "Invalid phone number format (E.164 required)");
}
