// teacher/classes: "Créer la réunion Zoom" for a course of mine whose online session has no
// meeting yet, and "Importer la présence Zoom" once a session with a meeting is over
// (both through the zoom-meetings function; the simulator answers without credentials).
import { useState } from "react";
import { revalidateKeys } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { useErrorMessage } from "../ui/toast.ts";
import { errorText } from "../ui/styles.ts";
import { createCourseMeeting, importAttendance, ZoomMeetingsError } from "./data.ts";
import { teacherZoomMessages } from "./teacher-messages.ts";

export interface TeacherZoomSession {
  id: string;
  title: string;
  is_online: boolean;
  course: { id: string; code: string };
  meeting_platform: string | null;
  zoom_meeting_id: string | null;
  teams_meeting_url: string | null;
}

export function TeacherZoomActions({ session, over }: { session: TeacherZoomSession; over: boolean }) {
  const m = useMessages(teacherZoomMessages);
  const locale = useLocale();
  const generic = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const canCreate = session.is_online && !over && !session.zoom_meeting_id && session.meeting_platform !== "teams" && !session.teams_meeting_url;
  const canImport = over && !!session.zoom_meeting_id;
  if (!canCreate && !canImport && !note) return null;

  const refusal = (error: unknown) => (error instanceof ZoomMeetingsError && error.code in m.refused ? m.refused[error.code as keyof typeof m.refused] : generic(error));

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setNote(null);
    try {
      setNote({ ok: true, text: await action() });
    } catch (error) {
      setNote({ ok: false, text: refusal(error) });
    } finally {
      setBusy(false);
    }
  }

  const create = () =>
    run(async () => {
      const meeting = await createCourseMeeting(getSupabase(), session.course.id, false);
      revalidateKeys((key) => key.startsWith('schedule-["teacher-classes"') || key.startsWith('schedule-["host-links"'));
      return `${fill(m.created, { id: meeting.meeting_id })}${meeting.simulated ? ` ${m.simulated}` : ""}`;
    });
  const importNow = () =>
    run(async () => {
      const result = await importAttendance(getSupabase(), session.id);
      const counts = fill(m.imported, {
        matched: countOf(locale, m.importedParts.matched, result.matched),
        unmatched: countOf(locale, m.importedParts.unmatched, result.unmatched),
        absent: countOf(locale, m.importedParts.absent, result.absent),
      });
      return `${counts}${result.simulated ? ` ${m.simulated}` : ""}`;
    });

  return (
    <>
      {canCreate && (
        <Button size="sm" variant="secondary" isPending={busy} onPress={() => void create()}>
          {m.create}
          <span className="sr-only"> : {session.course.code}</span>
        </Button>
      )}
      {canImport && (
        <Button size="sm" variant="secondary" isPending={busy} onPress={() => void importNow()}>
          {m.import}
          <span className="sr-only"> : {session.title}</span>
        </Button>
      )}
      {note && (
        <p role={note.ok ? "status" : "alert"} className={note.ok ? "w-full text-sm text-gray-900" : errorText}>
          {note.text}
        </p>
      )}
    </>
  );
}
