// A reader outside the data cache's stores (a server-side table, a page that reads with its
// own effect) tells which saved read it shows, so the offline banner can date it.
import { useEffect } from "react";
import { showKey } from "../../../lib/offline/read-through.ts";

export function useShownKey(key: string | null): void {
  useEffect(() => (key ? showKey(key) : undefined), [key]);
}
