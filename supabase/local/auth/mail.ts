// Auth e-mails the local stack sends (sign-up confirmation, recovery, invitation, magic
// link / one-time code, e-mail change, reauthentication), written once as the Supabase
// auth templates that hosted GoTrue reads (supabase/templates/*.html, subjects and paths in
// supabase/config.toml [auth.email.template.<kind>]) and rendered here with the same Go
// template subset (go-template.ts). Kept in memory with captureEmails (tests), printed
// otherwise. Links point at the API's /auth/v1/verify, which redirects to `redirect_to`
// with the session, as hosted does.
import { createHash, randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse as parseToml } from "smol-toml";
import type { LocalContext } from "../context.ts";
import { maskContacts } from "../../../src/lib/messaging/mask.ts";
import { SUPABASE_DIR } from "../paths.ts";
import { renderGoTemplate } from "./go-template.ts";
import { rows } from "./store.ts";

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** The token hash lite's /verify accepts: sha256(lower(email) + otp), hex. */
export function tokenHash(email: string, otp: string): string {
  return createHash("sha256")
    .update(email.toLowerCase() + otp)
    .digest("hex");
}

export function verifyLink(apiOrigin: string, hash: string, type: string, redirectTo: string): string {
  const url = new URL("/auth/v1/verify", apiOrigin);
  url.searchParams.set("token", hash);
  url.searchParams.set("type", type);
  url.searchParams.set("redirect_to", redirectTo);
  return url.toString();
}

/** The template kinds of config.toml ([auth.email.template.<kind>]). */
export const TEMPLATE_KINDS = ["confirmation", "recovery", "invite", "magic_link", "email_change", "reauthentication"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** GoTrue's template fields (the ones our templates use or may use). */
export interface TemplateFields {
  Token: string;
  TokenHash: string;
  ConfirmationURL: string;
  SiteURL: string;
  Email: string;
  NewEmail?: string;
  RedirectTo?: string;
  /** The user's metadata (GoTrue's .Data): preferred_locale picks the language. */
  Data: Record<string, unknown>;
}

interface Template {
  subject: string;
  source: string;
}

let templates: Map<TemplateKind, Template> | undefined;

/** The templates as config.toml declares them (read once: they are files of the checkout). */
export function authTemplates(): Map<TemplateKind, Template> {
  if (templates) return templates;
  const config = parseToml(readFileSync(join(SUPABASE_DIR, "config.toml"), "utf8")) as {
    auth?: { email?: { template?: Record<string, { subject?: string; content_path?: string }> } };
  };
  const declared = config.auth?.email?.template ?? {};
  const loaded = new Map<TemplateKind, Template>();
  for (const kind of TEMPLATE_KINDS) {
    const entry = declared[kind];
    if (!entry?.subject || !entry.content_path) throw new Error(`supabase/config.toml: [auth.email.template.${kind}] needs subject and content_path`);
    // The CLI reads content_path relative to the supabase/ folder.
    loaded.set(kind, { subject: entry.subject, source: readFileSync(join(SUPABASE_DIR, entry.content_path), "utf8") });
  }
  templates = loaded;
  return loaded;
}

/** The e-mail's plain-text part, from its HTML (as GoTrue's mailer derives it). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|script)[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => (label.trim() === href ? href : `${label} ${href}`))
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h\d|div|li)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter((line, i, all) => line !== "" || (i > 0 && all[i - 1] !== ""))
    .join("\n")
    .trim();
}

/** Subject, HTML and text of one auth e-mail. */
export function renderAuthEmail(kind: TemplateKind, fields: TemplateFields): { subject: string; html: string; text: string } {
  const template = authTemplates().get(kind)!;
  const data = fields as unknown as Record<string, unknown>;
  const html = renderGoTemplate(template.source, data).trim();
  return { subject: renderGoTemplate(template.subject, data, { html: false }), html, text: htmlToText(html) };
}

export async function sendAuthEmail(context: LocalContext, message: { to: string; subject: string; text: string; html?: string }): Promise<void> {
  const html = message.html ?? `<p>${message.text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/\n/g, "<br>")}</p>`;
  if (context.emails) await context.emails.send({ to: message.to, subject: message.subject, text: message.text, html });
  // Printed for `npm start` (the code is what the developer needs), the address masked (DOMAIN §4).
  else console.log(maskContacts(`\n[auth e-mail] To: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`));
}

/** The user's metadata (GoTrue's .Data), by id or address; {} for nobody. */
export async function userData(context: LocalContext, who: { id?: string; email?: string }): Promise<Record<string, unknown>> {
  const [user] = who.id
    ? await rows<{ raw_user_meta_data: unknown }>(context.db, "select raw_user_meta_data from auth.users where id = $1", [who.id])
    : await rows<{ raw_user_meta_data: unknown }>(context.db, "select raw_user_meta_data from auth.users where lower(email) = lower($1)", [who.email ?? ""]);
  const data = typeof user?.raw_user_meta_data === "string" ? (JSON.parse(user.raw_user_meta_data) as unknown) : user?.raw_user_meta_data;
  return data && typeof data === "object" ? (data as Record<string, unknown>) : {};
}

/**
 * Renders `kind` for `to` and sends it. `verifyType` is the type in the link (GoTrue's:
 * signup, invite, recovery, magiclink, email_change); none for reauthentication (code only).
 */
export async function sendTemplatedEmail(
  context: LocalContext,
  mail: {
    kind: TemplateKind;
    to: string;
    otp: string;
    hash: string;
    apiOrigin: string;
    redirectTo: string;
    verifyType?: string;
    user: { id?: string; email?: string };
    email?: string;
    newEmail?: string;
  },
): Promise<void> {
  const fields: TemplateFields = {
    Token: mail.otp,
    TokenHash: mail.hash,
    ConfirmationURL: mail.verifyType ? verifyLink(mail.apiOrigin, mail.hash, mail.verifyType, mail.redirectTo) : "",
    SiteURL: siteUrlOf(context),
    Email: mail.email ?? mail.to,
    NewEmail: mail.newEmail ?? mail.to,
    RedirectTo: mail.redirectTo,
    Data: await userData(context, mail.user),
  };
  await sendAuthEmail(context, { to: mail.to, ...renderAuthEmail(mail.kind, fields) });
}

/**
 * The mailer lite calls for the e-mails it sends itself (magic link / one-time code,
 * e-mail change, reauthentication, and its own confirmation and recovery), rendering the
 * same templates; links go to this stack's API (`apiUrl`), not to the site.
 */
export function templatedMailer(context: LocalContext, apiUrl: () => string) {
  type Options = { userId?: string; redirectTo?: string; currentEmail?: string; newEmail?: string; tokenHash?: string };
  const send = (kind: TemplateKind, verifyType: string | undefined, to: string, hash: string, otp: string, options: Options = {}) =>
    sendTemplatedEmail(context, {
      kind,
      to,
      otp,
      hash,
      verifyType,
      apiOrigin: apiUrl(),
      redirectTo: options.redirectTo ?? siteUrlOf(context),
      user: options.userId ? { id: options.userId } : { email: to },
      email: options.currentEmail ?? to,
      newEmail: options.newEmail,
    });
  return {
    sendConfirmation: (to: string, hash: string, otp: string, options?: Options) => send("confirmation", "signup", to, hash, otp, options),
    sendRecovery: (to: string, hash: string, otp: string, options?: Options) => send("recovery", "recovery", to, hash, otp, options),
    sendMagicLink: (to: string, hash: string, otp: string, options?: Options) => send("magic_link", "magiclink", to, hash, otp, options),
    sendEmailChange: (to: string, hash: string, otp: string, options?: Options) => send("email_change", "email_change", to, hash, otp, options),
    sendReauthentication: (to: string, otp: string, options?: Options) => send("reauthentication", undefined, to, options?.tokenHash ?? "", otp, options),
  };
}

/** The site URL auth e-mails send people back to (the stack's siteUrl option). */
export function siteUrlOf(context: LocalContext): string {
  const config = (context.app as unknown as { config?: { auth?: { site_url?: string } } }).config;
  return config?.auth?.site_url ?? "http://127.0.0.1:4321";
}
