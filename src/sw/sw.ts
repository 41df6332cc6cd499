// The site's service worker (issue 24), bundled and given its precache list at build time by
// src/integrations/service-worker.ts (Serwist, the maintained fork of Workbox).
// - Precache: the application's shell (the /dashboard and /en/dashboard pages as the server
//   renders them, with their security headers), its code, the code of the pages a student
//   needs offline, the public site's CSS and scripts, the icons and manifests.
// - Pages: network first (a bad line gives up after 6 s), the copy kept from an earlier visit
//   otherwise; a signed-in page never visited opens on the precached shell of its language
//   (the application draws the page of the address itself).
// - Other code (/_astro/, hashed, immutable): from the cache once fetched.
// - Never the API: Supabase answers carry the user's data and token; the application keeps
//   what it needs per account itself (src/lib/offline/read-through.ts).
// - Background sync "uel-outbox": every window is asked to send its queued writes.
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from "serwist";
import { isProtectedPath } from "../lib/auth/redirects.ts";
import { localeOfPath } from "../lib/locales.ts";
import { SW_CACHE_PREFIX, SW_CODE_CACHE, SW_PAGES_CACHE } from "../lib/offline/names.ts";
import { APP_SHELLS, OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG } from "../lib/offline/sw-contract.ts";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** Background Sync's event (not in TypeScript's worker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

const shellOf = (url: URL) => (isProtectedPath(url.pathname) ? APP_SHELLS[localeOfPath(url.pathname)] : null);

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  cacheId: SW_CACHE_PREFIX,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  precacheOptions: { cleanupOutdatedCaches: true },
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.mode === "navigate",
      handler: new NetworkFirst({
        cacheName: SW_PAGES_CACHE,
        networkTimeoutSeconds: 6,
        plugins: [new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }), appShellFallback()],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/_astro/"),
      handler: new CacheFirst({ cacheName: SW_CODE_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })] }),
    },
  ],
});

/** No network and no copy of this signed-in page: the precached shell of its language. */
function appShellFallback(): SerwistPlugin {
  return {
    handlerDidError: async ({ request }) => {
      const shell = shellOf(new URL(request.url));
      return shell ? serwist.matchPrecache(shell) : undefined;
    },
  };
}

self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const window of windows) window.postMessage(OUTBOX_FLUSH_MESSAGE);
    }),
  );
});

serwist.addEventListeners();
