// Auth e-mails the local stack sends itself (recovery, invite, links): kept in memory
// with captureEmails (tests), printed otherwise, like lite's own drivers. Links point at
// the API's /auth/v1/verify, which redirects to `redirect_to` with the session.
import { createHash, randomInt } from "node:crypto";
import type { LocalContext } from "../context.ts";
import { maskContacts } from "../../../src/lib/messaging/mask.ts";

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The token hash lite's /verify accepts: sha256(lower(email) + otp), hex. */
export function tokenHash(email: string, otp: string): string {
  return createHash("sha256").update(email.toLowerCase() + otp).digest("hex");
}

export function verifyLink(apiOrigin: string, hash: string, type: string, redirectTo: string): string {
  const url = new URL("/auth/v1/verify", apiOrigin);
  url.searchParams.set("token", hash);
  url.searchParams.set("type", type);
  url.searchParams.set("redirect_to", redirectTo);
  return url.toString();
}

export async function sendAuthEmail(context: LocalContext, message: { to: string; subject: string; text: string }): Promise<void> {
  const html = `<p>${message.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n/g, "<br>")}</p>`;
  if (context.emails) await context.emails.send({ to: message.to, subject: message.subject, text: message.text, html });
  // Printed for `npm start` (the code is what the developer needs), the address masked (DOMAIN §4).
  else console.log(maskContacts(`\n[auth e-mail] To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`));
}

/** The site URL auth e-mails send people back to (the stack's siteUrl option). */
export function siteUrlOf(context: LocalContext): string {
  const config = (context.app as unknown as { config?: { auth?: { site_url?: string } } }).config;
  return config?.auth?.site_url ?? "http://127.0.0.1:4321";
}
