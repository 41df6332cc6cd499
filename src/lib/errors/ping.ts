// After a network error, a HEAD request to the current page tells whether the connection
// is back before the screen retries (SPEC §7, page-load ping).
export async function isOnline(url: string, fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher(url, { method: "HEAD", cache: "no-store" });
    return response.status < 500;
  } catch {
    return false;
  }
}
