// A session's register for its teacher: every active student, what joining recorded
// (status and join time), and a status the teacher sets or corrects. "Tous présents" marks
// everyone not yet recorded present in one go; the teacher then changes the exceptions.
import { useState } from "react";
import { formatTime } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog } from "../ui/Dialog.tsx";
import { ErrorState } from "../ui/ErrorState.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { toastError } from "../ui/toast.ts";
import { ATTENDANCE_STATUSES, markUnrecordedPresent, sessionRegister, setAttendance, type AttendanceStatus } from "../shared/classes-data.ts";
import { classesMessages } from "./messages.ts";

export function AttendanceDialog({ courseId, eventId, title, onClose }: { courseId: string; eventId: string; title: string; onClose: () => void }) {
  const m = useMessages(classesMessages);
  const locale = useLocale();
  const register = useScheduleQuery(["register", eventId], () => sessionRegister(getSupabase(), courseId, eventId));
  const [note, setNote] = useState("");
  const change = async (studentId: string, status: AttendanceStatus) => {
    try {
      await setAttendance(getSupabase(), eventId, studentId, status);
      setNote(m.saved);
      register.retry();
    } catch (error) {
      toastError(error);
    }
  };
  const [marking, setMarking] = useState(false);
  const unrecorded = register.data?.filter((line) => !line.status) ?? [];
  const allPresent = async () => {
    setMarking(true);
    try {
      await markUnrecordedPresent(
        getSupabase(),
        eventId,
        unrecorded.map((line) => line.studentId),
      );
      setNote(m.allPresentSaved);
      register.retry();
    } catch (error) {
      toastError(error);
    } finally {
      setMarking(false);
    }
  };
  return (
    <Dialog title={fill(m.attendanceOf, { title })} isOpen onOpenChange={(open) => !open && onClose()} size="lg">
      {register.error ? (
        <ErrorState error={register.error} onRetry={register.retry} />
      ) : !register.data ? (
        <Skeleton lines={4} />
      ) : register.data.length === 0 ? (
        <p>{m.noStudents}</p>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <Button variant="secondary" onPress={() => void allPresent()} isDisabled={unrecorded.length === 0} isPending={marking} data-testid="all-present">
              {m.allPresent}
            </Button>
            <span className="text-sm text-gray-700">{m.allPresentHint}</span>
          </div>
          <table className="min-w-full divide-y divide-gray-200 text-sm" data-testid="register">
            <thead>
              <tr className="text-left">
                <th scope="col" className="py-2 pr-3">
                  {m.student}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {m.attendance}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {register.data.map((line) => (
                <tr key={line.studentId}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {line.name}
                    {line.joinedAt && <span className="block text-xs font-normal text-gray-700">{fill(m.joinedShort, { time: formatTime(locale, line.joinedAt) })}</span>}
                  </th>
                  <td className="py-2 pr-3">
                    <select
                      aria-label={fill(m.statusLabel, { name: line.name })}
                      className="min-h-11 rounded-md border border-gray-400 bg-white px-2"
                      value={line.status ?? ""}
                      onChange={(e) => e.target.value && void change(line.studentId, e.target.value as AttendanceStatus)}
                    >
                      <option value="">{m.notRecorded}</option>
                      {ATTENDANCE_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {m.status[s]}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p role="status" className="mt-3 text-sm text-green-800">
            {note}
          </p>
        </>
      )}
    </Dialog>
  );
}
