// While a cached read revalidates (after a post, a comment, a reaction, a message), keep showing what
// was there for the same query rather than a skeleton, so open comment threads and typed
// text stay where they are.
import { useRef } from "react";

export function useLastData<T>(data: T | undefined, key: string | null): T | undefined {
  const last = useRef<{ key: string | null; data: T } | null>(null);
  if (data !== undefined) last.current = { key, data };
  return data ?? (last.current && last.current.key === key ? last.current.data : undefined);
}
