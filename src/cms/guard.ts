// Who may reach the CMS (/keystatic and its API /api/keystatic). In local mode the CMS
// writes the files of the machine it runs on, with no sign-in: it answers only when the
// server listens on this machine (127.0.0.1, localhost, ::1) and the request comes from
// it, addressed to a loopback name (a page on another site that points a name at
// 127.0.0.1, DNS rebinding, sends its own name in Host). In GitHub mode GitHub signs the
// editor in and checks their right to the repository: the CMS may face the internet.
import type { CmsStorage } from "./storage.ts";

/** Paths the CMS answers on: its page, its API and the preview redirects. */
export const isCmsPath = (pathname: string) => /^\/(api\/)?keystatic(\/|$)/.test(pathname);

/** 127.0.0.0/8, ::1 (also as IPv4-mapped ::ffff:127.x) and localhost. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(bare);
}

/** The host of a Host header ("127.0.0.1:4321", "[::1]:4321", "localhost"). */
export function hostOfHeader(header: string): string {
  const match = /^(\[[^\]]*\]|[^:]*)(:\d+)?$/.exec(header.trim());
  return match ? match[1]! : header;
}

export interface CmsRequest {
  storage: CmsStorage["kind"];
  /** The address the server listens on (HOST for src/server/serve.ts and the adapter). */
  listenHost: string;
  /** The connection's remote address; undefined when the adapter does not know it. */
  clientAddress: string | undefined;
  /** The request's Host header. */
  hostHeader: string | null;
}

/** Why the CMS must not answer this request, or null when it may. */
export function cmsRefusal({ storage, listenHost, clientAddress, hostHeader }: CmsRequest): string | null {
  if (storage !== "local") return null;
  if (!isLoopback(listenHost)) return `the server listens on ${listenHost}, not on this machine only`;
  if (!clientAddress || !isLoopback(clientAddress)) return "the request does not come from this machine";
  if (!hostHeader || !isLoopback(hostOfHeader(hostHeader))) return "the request is not addressed to this machine";
  return null;
}
