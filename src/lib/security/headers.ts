// The security headers of every response (SPEC: served files, site and dashboard): one
// content-security policy that allows only what the pages load, built from the hashes of
// the inline scripts and styles Astro writes into the HTML (its island loader, our
// language redirect), plus nosniff, a referrer policy and no framing.
import { createHash } from "node:crypto";

export interface PolicyInput {
  /** PUBLIC_SUPABASE_URL: the API (REST, auth, functions), its realtime websocket and storage. */
  supabaseUrl: string;
  scriptHashes?: Iterable<string>;
  styleHashes?: Iterable<string>;
  /**
   * The dashboard's React UI sets inline styles at run time (e.g. an SVG QR code inserted as
   * markup): style-src then allows them ('unsafe-inline', which hashes would switch off).
   * Scripts never get this.
   */
  inlineStyles?: boolean;
  /** Origins one page also reaches (the CMS in GitHub mode: GitHub's API and avatars). */
  extraOrigins?: { connect?: string[]; img?: string[] };
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Script types a browser executes (JSON and ld+json data blocks are not scripts to CSP). */
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** Hashes of the inline scripts and <style> elements in an HTML document, as CSP sources. */
export function inlineHashes(html: string): { scripts: Set<string>; styles: Set<string> } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1];
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? "";
    if (EXECUTABLE.test(type)) scripts.add(sha256(match[2]));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) styles.add(sha256(match[1]));
  return { scripts, styles };
}

/** The websocket origin realtime-js opens for an API URL (http → ws, https → wss). */
export function realtimeOrigin(url: string): string {
  const u = new URL(url);
  return `${u.protocol === "https:" ? "wss:" : "ws:"}//${u.host}`;
}

/** The content-security policy of the site and the dashboard. */
export function contentSecurityPolicy({ supabaseUrl, scriptHashes = [], styleHashes = [], inlineStyles = false, extraOrigins }: PolicyInput): string {
  const api = new URL(supabaseUrl).origin;
  const sorted = (values: Iterable<string>) => [...new Set(values)].sort();
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...sorted(scriptHashes)],
    inlineStyles ? ["style-src", "'self'", "'unsafe-inline'"] : ["style-src", "'self'", ...sorted(styleHashes)],
    ["img-src", "'self'", "data:", "blob:", `${api}/storage/v1/`, ...(extraOrigins?.img ?? [])],
    ["font-src", "'self'"],
    ["connect-src", "'self'", api, realtimeOrigin(api), ...(extraOrigins?.connect ?? [])],
    ["media-src", "'self'", "blob:"],
    // The bursar's slip review shows a student's PDF slip (fetched, retyped application/pdf) in a frame.
    ["frame-src", "blob:"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Every response's security headers; `csp` is the policy for HTML (harmless on other files). */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}

/** Where the build leaves the static pages' headers for the server (and for a CDN to copy). */
export const SECURITY_HEADERS_FILE = "security-headers.json";
