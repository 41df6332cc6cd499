// Says when the page works from the device (issue 24): reads fell back to what was saved,
// offline or with the network not answering (which of the two: navigator.onLine), with the
// time the oldest data the page shows was fetched ("Données du 26 nov. 2026 à 14:05"). The status region is always there, so a screen reader
// announces the message when it appears.
import { useStore } from "@nanostores/react";
import { formatDate, formatTime } from "../../../lib/format.ts";
import { $shownData } from "../../../lib/offline/read-through.ts";
import { fill, useLocale, useMessages } from "../../i18n.ts";
import { bannerMessages } from "./banner-messages.ts";
import { useOnline } from "./useOnline.ts";

export default function OfflineBanner() {
  const m = useMessages(bannerMessages);
  const locale = useLocale();
  const online = useOnline();
  const shown = useStore($shownData);
  // Only when the page does show saved data: navigator.onLine alone can be wrong.
  const show = shown.fromDevice;
  const dataTime = shown.oldest;
  return (
    <div role="status" data-testid="offline-banner" className={show ? "border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8" : undefined}>
      {show && (
        <p>
          {online ? m.unreachable : m.offline}
          {dataTime !== null && (
            <>
              {" "}
              <span data-testid="data-time">{fill(m.dataOf, { date: formatDate(locale, dataTime, "medium"), time: formatTime(locale, dataTime) })}</span>
            </>
          )}
        </p>
      )}
    </div>
  );
}
