// Contact details never appear in clear in worker or server logs (DOMAIN §4): logs show
// enough to tell two recipients apart, not enough to reach them.

/** +237671234567 → +237 6•••••67 ; a@b.cm → a•••@b.cm. */
export function maskRecipient(recipient: string): string {
  const value = recipient.trim();
  const at = value.indexOf("@");
  if (at > 0) {
    const [local, domain] = [value.slice(0, at), value.slice(at + 1)];
    return `${local[0]}•••@${domain}`;
  }
  const digits = value.replace(/[^\d+]/g, "");
  if (digits.length < 6) return "•••";
  const country = digits.startsWith("+237") ? "+237 " : digits.startsWith("+") ? `${digits.slice(0, 3)} ` : "";
  const national = digits.slice(country.trim().length);
  return `${country}${national.slice(0, 1)}${"•".repeat(Math.max(0, national.length - 3))}${national.slice(-2)}`;
}

// An e-mail address anywhere in a text.
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
// A phone number anywhere in a text: international (+ and 8 to 15 digits, spaces, dots or
// dashes between) or Cameroonian without the prefix (9 digits from 2 or 6, optionally after
// 237). Not inside a longer word or number (ids, UUIDs, timestamps, amounts).
const PHONE = /(?<![\p{L}\p{N}_+-])(?:\+\d(?:[ .-]?\d){7,14}|(?:237[ .-]?)?[26](?:[ .-]?\d){8})(?![\p{L}\p{N}_-]|[ .-]?\d)/gu;

/** The text with every e-mail address and phone number in it masked as maskRecipient does: for log lines. */
export function maskContacts(text: string): string {
  return text.replace(EMAIL, maskRecipient).replace(PHONE, maskRecipient);
}
