// The current time, refreshed every `everyMs`, so time-dependent UI (the join button) comes
// alive without a reload.
import { useEffect, useState } from "react";

export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
