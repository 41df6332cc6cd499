// Registers the service worker (/sw.js, made at build time: src/integrations/service-worker.ts)
// once the page has loaded, in built sites only. Public pages register it only for someone
// who has signed in on this browser: a visitor reading one programme page on 3G does not
// download the application's code in the background.
import { AUTH_STORAGE_KEY } from "../auth-storage.ts";

export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker({ onlyIfSignedIn }: { onlyIfSignedIn: boolean }): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  try {
    if (onlyIfSignedIn && localStorage.getItem(AUTH_STORAGE_KEY) === null) return;
  } catch {
    return;
  }
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => {});
  if (document.readyState === "complete") register();
  else addEventListener("load", register, { once: true });
}
