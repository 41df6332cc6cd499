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
