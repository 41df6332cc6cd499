// For work that must not compete with the page's own loading (realtime, code kept for offline use).
/** Resolves once the page has loaded and the browser is idle (at once outside a browser). */
export function afterLoad(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const idle = () => {
      if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    };
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  });
}
