// The three ways a conversation starts: a new one-to-one message, a course's conversation,
// and (admins) an announcement. Each validates before calling the server, shows the
// server's refusal in words, and keeps what was typed.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from "react";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, MESSAGE_MAX, SUBJECT_MAX, type AnnouncementAudience } from "../../lib/community/rules.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { countOf } from "../../lib/plural.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { Dialog, DialogActions } from "../ui/Dialog.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess } from "../ui/toast.ts";
import { descriptionText, errorText, inputBox, labelText } from "../ui/styles.ts";
import { listAudienceOptions, listMyCourses, openCourseConversation, sendAnnouncement, sendMessage, startConversation, type AudienceOption, type CourseChoice } from "./data.ts";
import { messagesMessages } from "./messages.ts";
import { RecipientPicker } from "./RecipientPicker.tsx";

/** A labelled native select: accessible, and the phone's own picker at 360 px. */
function SelectField({
  label,
  value,
  onChange,
  children,
  error,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  error?: string;
  hint?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelText}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        className={`${inputBox} mt-1`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-help` : undefined}
        data-testid={testId}
      >
        {children}
      </select>
      {(error || hint) && (
        <span id={`${id}-help`} className={error ? errorText : descriptionText}>
          {error ?? hint}
        </span>
      )}
    </div>
  );
}

function NewMessageDialog({ isOpen, onClose, onOpened }: { isOpen: boolean; onClose: () => void; onOpened: (conversationId: string) => void }) {
  const m = useMessages(messagesMessages);
  const { userId } = useSignedIn();
  const [recipient, setRecipient] = useState<string | null>(null);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ recipient?: string; body?: string }>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      recipient: recipient ? undefined : m.recipientRequired,
      body: !body.trim() ? m.messageRequired : body.length > MESSAGE_MAX ? m.messageTooLong : undefined,
    };
    setErrors(found);
    if (found.recipient || found.body) return;
    setPending(true);
    try {
      const supabase = getSupabase();
      const conversation = await startConversation(supabase, recipient!, subject.trim());
      await sendMessage(supabase, { conversationId: conversation, userId, body: body.trim() });
      toastSuccess("sent");
      setRecipient(null);
      setSubject("");
      setBody("");
      onOpened(conversation);
      onClose();
    } catch (error) {
      toastError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog title={m.newMessage} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="new-message-form">
        <RecipientPicker value={recipient} onChange={setRecipient} errorMessage={errors.recipient} />
        <TextField label={m.subject} value={subject} onChange={setSubject} maxLength={SUBJECT_MAX} />
        <TextArea label={m.firstMessage} value={body} onChange={setBody} isRequired errorMessage={errors.body} rows={5} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {pending ? m.sending : m.start}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function CourseConversationDialog({ isOpen, onClose, onOpened }: { isOpen: boolean; onClose: () => void; onOpened: (conversationId: string) => void }) {
  const m = useMessages(messagesMessages);
  const [courses, setCourses] = useState<CourseChoice[] | null>(null);
  const [course, setCourse] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (!isOpen || courses) return;
    listMyCourses(getSupabase()).then(setCourses, (e) => {
      setCourses([]);
      toastError(e);
    });
  }, [isOpen, courses]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!course) return setError(m.courseRequired);
    setError(undefined);
    setPending(true);
    try {
      onOpened(await openCourseConversation(getSupabase(), course));
      onClose();
    } catch (e) {
      toastError(e);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog title={m.courseConversation} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <SelectField label={m.course} value={course} onChange={setCourse} error={error} hint={m.courseHint} testId="course-select">
          <option value="">{courses && !courses.length ? m.noCourse : m.choose}</option>
          {(courses ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.code} — {c.title}
            </option>
          ))}
        </SelectField>
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {m.open}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const LEVELS = ["L1", "L2", "L3", "M1", "M2"] as const;

function AnnouncementDialog({ isOpen, onClose, onSent }: { isOpen: boolean; onClose: () => void; onSent: (summary: string) => void }) {
  const m = useMessages(messagesMessages);
  const locale = useLocale();
  const [audience, setAudience] = useState<AnnouncementAudience>("course");
  const [target, setTarget] = useState("");
  const [level, setLevel] = useState("");
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [errors, setErrors] = useState<{ target?: string; title?: string; body?: string }>({});
  const [pending, setPending] = useState(false);
  const [options, setOptions] = useState<{ schools: AudienceOption[]; programmes: AudienceOption[]; courses: CourseChoice[] } | null>(null);

  useEffect(() => {
    if (!isOpen || options) return;
    const supabase = getSupabase();
    Promise.all([listAudienceOptions(supabase), listMyCourses(supabase)]).then(
      ([catalogue, courses]) => setOptions({ ...catalogue, courses }),
      (e) => {
        setOptions({ schools: [], programmes: [], courses: [] });
        toastError(e);
      },
    );
  }, [isOpen, options]);

  const name = (o: AudienceOption) => (locale === "en" ? o.name_en : o.name_fr);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      target: target ? undefined : m.targetRequired,
      title: title.trim() && title.length <= ANNOUNCEMENT_TITLE_MAX ? undefined : m.titleRequired,
      body: body.trim() && body.length <= ANNOUNCEMENT_BODY_MAX ? undefined : m.bodyRequired,
    };
    setErrors(found);
    if (found.target || found.title || found.body) return;
    setPending(true);
    try {
      const count = await sendAnnouncement(getSupabase(), {
        audience,
        title: title.trim(),
        body: body.trim(),
        role: audience === "role" ? (target as "student" | "teacher" | "admin") : undefined,
        schoolId: audience === "school" ? target : undefined,
        programmeId: audience === "programme" ? target : undefined,
        levelCode: audience === "programme" ? level : undefined,
        courseId: audience === "course" ? target : undefined,
      });
      toastSuccess("sent");
      setTitle("");
      setBody("");
      onSent(countOf(locale, m.announcementSent, count));
      onClose();
    } catch (e) {
      toastError(e);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog title={m.announcement} isOpen={isOpen} onOpenChange={(open) => !open && onClose()} size="lg">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" data-testid="announcement-form">
        <SelectField label={m.audience} value={audience} onChange={(v) => (setAudience(v as AnnouncementAudience), setTarget(""))} testId="audience-select">
          {(["course", "programme", "school", "role"] as const).map((a) => (
            <option key={a} value={a}>
              {m.audiences[a]}
            </option>
          ))}
        </SelectField>
        {audience === "role" && (
          <SelectField label={m.role} value={target} onChange={setTarget} error={errors.target} testId="target-select">
            <option value="">{m.choose}</option>
            {(["student", "teacher", "admin"] as const).map((r) => (
              <option key={r} value={r}>
                {m.roles[r]}
              </option>
            ))}
          </SelectField>
        )}
        {audience === "school" && (
          <SelectField label={m.school} value={target} onChange={setTarget} error={errors.target} testId="target-select">
            <option value="">{m.choose}</option>
            {(options?.schools ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {name(o)}
              </option>
            ))}
          </SelectField>
        )}
        {audience === "programme" && (
          <>
            <SelectField label={m.programme} value={target} onChange={setTarget} error={errors.target} testId="target-select">
              <option value="">{m.choose}</option>
              {(options?.programmes ?? []).map((o) => (
                <option key={o.id} value={o.id}>
                  {name(o)}
                </option>
              ))}
            </SelectField>
            <SelectField label={m.level} value={level} onChange={setLevel}>
              <option value="">{m.allLevels}</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </SelectField>
          </>
        )}
        {audience === "course" && (
          <SelectField label={m.course} value={target} onChange={setTarget} error={errors.target} testId="target-select">
            <option value="">{m.choose}</option>
            {(options?.courses ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.code} — {c.title}
              </option>
            ))}
          </SelectField>
        )}
        <TextField label={m.announcementTitle} value={title} onChange={setTitle} isRequired errorMessage={errors.title} maxLength={ANNOUNCEMENT_TITLE_MAX} />
        <TextArea label={m.announcementBody} value={body} onChange={setBody} isRequired errorMessage={errors.body} rows={6} />
        <DialogActions>
          <Button variant="secondary" onPress={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" isPending={pending}>
            {m.send}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The three dialogs, at most one open; the messages page loads this module on first use. */
export default function StartDialogs({
  open,
  isAdmin,
  onClose,
  onOpened,
  onSent,
}: {
  open: "new" | "course" | "announcement" | null;
  isAdmin: boolean;
  onClose: () => void;
  onOpened: (conversationId: string) => void;
  onSent: (summary: string) => void;
}) {
  return (
    <>
      <NewMessageDialog isOpen={open === "new"} onClose={onClose} onOpened={onOpened} />
      <CourseConversationDialog isOpen={open === "course"} onClose={onClose} onOpened={onOpened} />
      {isAdmin && <AnnouncementDialog isOpen={open === "announcement"} onClose={onClose} onSent={onSent} />}
    </>
  );
}
