// Code a page will need offline but does not load at once (the PDF makers: pdf-lib is 175 KB
// gzip, too big for the service worker's precache), fetched once the page is idle so the
// service worker keeps it. Only where a service worker controls the page: without one the
// application does not open offline anyway, and the download would be wasted.
import { afterLoad } from "../after-load.ts";

export function keepForOffline(load: () => Promise<unknown>): void {
  if (typeof navigator === "undefined" || !navigator.serviceWorker?.controller) return;
  void afterLoad()
    .then(load)
    .catch(() => {});
}
