// The data saver (issue 24 §4), a setting of this device (localStorage), on by default when
// the browser asks to save data (navigator.connection.saveData, the Save-Data preference).
// When on: no realtime channel (nor the realtime library): pages refresh when the user comes
// back to them instead; images wait for a tap (OnDemandImage). The dashboard has no <video>:
// lessons open on their host.
import { useStore } from "@nanostores/react";
import { atom, type WritableAtom } from "nanostores";
import { useEffect, useRef } from "react";

export const DATA_SAVER_KEY = "uel-data-saver";

/** The setting from what this device stored ("on"/"off") or, never chosen, from the browser's Save-Data. */
export function dataSaverOf(stored: string | null, saveData: boolean | undefined): boolean {
  return stored === "on" ? true : stored === "off" ? false : saveData === true;
}

function read(): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(DATA_SAVER_KEY);
  } catch {
    // Storage blocked: the browser's preference decides.
  }
  return dataSaverOf(stored, (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData);
}

let $dataSaver: WritableAtom<boolean> | undefined;
const dataSaver = () => ($dataSaver ??= atom(typeof window === "undefined" ? false : read()));

export function useDataSaver(): boolean {
  return useStore(dataSaver());
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(DATA_SAVER_KEY, on ? "on" : "off");
  } catch {
    // Storage blocked: the choice holds until the page is left.
  }
  dataSaver().set(on);
}

/**
 * Live updates: `subscribe` opens a realtime channel (returns its close), unless the data
 * saver is on; then `refresh` runs each time the user comes back to the page (focus, tab
 * shown). `key` names what is watched (a user): a new key subscribes again.
 */
export function useLiveUpdates(key: string, subscribe: () => () => void, refresh: () => void): void {
  const saver = useDataSaver();
  const latest = useRef({ subscribe, refresh });
  useEffect(() => {
    latest.current = { subscribe, refresh };
  });
  useEffect(() => {
    if (!saver) return latest.current.subscribe();
    const back = () => {
      if (document.visibilityState === "visible") latest.current.refresh();
    };
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", back);
    return () => {
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", back);
    };
  }, [saver, key]);
}
