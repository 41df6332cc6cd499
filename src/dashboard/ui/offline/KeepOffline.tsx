// "Disponible hors ligne" (issue 24): a switch for a whole course and one per file, with the
// space the kept files use and what the browser says the site uses on the device. Turning a
// switch on downloads with the session, so it needs a connection (without one, it says so);
// a kept course fetches its new files whenever it is opened online.
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { showToast } from "../../../lib/auth/toast.ts";
import { classifyError } from "../../../lib/errors/classify.ts";
import { formatBytes } from "../../../lib/format.ts";
import { deviceStorage, keptSpace } from "../../../lib/offline/kept-files.ts";
import { countOf } from "../../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../../i18n.ts";
import { useSignedIn } from "../../session.ts";
import { Switch } from "../Switch.tsx";
import { toastError } from "../toast.ts";
import { $kept, keepMissing, reloadKept, setCourseKept, setFileKept, type Download, type KeepableFile } from "./kept.ts";
import { offlineMessages } from "./messages.ts";

function useKept() {
  const { userId } = useSignedIn();
  const kept = useStore($kept);
  useEffect(() => {
    if (!kept.loaded) void reloadKept(userId).catch(() => {});
  }, [kept.loaded, userId]);
  return kept;
}

/** No network: the action's own words; otherwise SPEC §8's message for the error. */
function failed(offlineMessage: string) {
  return (error: unknown) => (classifyError(error).kind === "network" ? showToast({ title: offlineMessage, variant: "destructive" }, 8000) : toastError(error));
}

export function KeepCourseOffline({ courseId, files, download }: { courseId: string; files: readonly KeepableFile[]; download: Download }) {
  const m = useMessages(offlineMessages);
  const locale = useLocale();
  const { userId } = useSignedIn();
  const kept = useKept();
  const [device, setDevice] = useState<{ usage: number; quota: number } | null>(null);
  const isKept = kept.courses.includes(courseId);
  const space = keptSpace(kept.files).byCourse.get(courseId) ?? { bytes: 0, count: 0 };
  const busy = kept.busy.length > 0;

  // Opened online, a course kept whole gets the files added since (offline, the downloads
  // fail at once and are tried again next time).
  const missing = isKept && kept.loaded && files.some((f) => f.storage_path && !kept.files.some((k) => k.path === f.storage_path));
  useEffect(() => {
    if (missing) void keepMissing(userId, courseId, files, download).catch(() => {});
  }, [missing, userId, courseId, files, download]);
  useEffect(() => {
    void deviceStorage().then(setDevice);
  }, [kept.files]);

  return (
    <div className="mb-4 rounded-lg bg-gray-50 p-3" data-testid="keep-course">
      <Switch
        label={m.keepCourse}
        description={m.keepCourseHint}
        value={isKept}
        isDisabled={busy}
        onChange={(keep) => void setCourseKept(userId, courseId, files, download, keep).catch(failed(m.needsNetwork))}
      />
      <p className="mt-2 text-sm text-gray-800" data-testid="course-space">
        {busy ? m.keeping : countOf(locale, m.courseSpace, space.count, { size: formatBytes(locale, space.bytes) })}
      </p>
      {device && (
        <p className="text-sm text-gray-700" data-testid="device-space">
          {fill(m.deviceSpace, { usage: formatBytes(locale, device.usage), quota: formatBytes(locale, device.quota) })}
        </p>
      )}
    </div>
  );
}

export function KeepFileOffline({ courseId, file, download }: { courseId: string; file: KeepableFile; download: Download }) {
  const m = useMessages(offlineMessages);
  const { userId } = useSignedIn();
  const kept = useKept();
  const path = file.storage_path;
  if (!path) return null;
  const isKept = kept.files.some((f) => f.path === path);
  const busy = kept.busy.some((id) => id.endsWith(`/${path}`));
  return (
    <Switch
      label={
        <span className="text-sm">
          {busy ? m.keeping : m.keepFile}
          <span className="sr-only"> : {file.title}</span>
        </span>
      }
      value={isKept || busy}
      isDisabled={busy}
      onChange={(keep) => void setFileKept(userId, courseId, file, download, keep).catch(failed(m.needsNetwork))}
    />
  );
}

/** "Hors ligne : 3 documents, 1,2 Mo" for the courses list; nothing when nothing is kept. */
export function KeptSummary() {
  const m = useMessages(offlineMessages);
  const locale = useLocale();
  const kept = useKept();
  if (!kept.files.length) return null;
  const space = keptSpace(kept.files);
  return (
    <p className="text-sm text-gray-800" data-testid="kept-summary">
      {countOf(locale, m.allSpace, space.count, { size: formatBytes(locale, space.total) })}
    </p>
  );
}
