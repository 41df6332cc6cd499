// Messages of every role (/dashboard/<role>/messages): conversations (one-to-one, course,
// announcements) with live delivery, attachments and search. Teachers and admins also get
// a "Modération" tab (the community's reports to handle); admins send announcements.
// The open conversation and tab live in the URL (?conversation=…&tab=moderation), so a
// notification's link opens the right thread.
import { Suspense, lazy, useState, type ComponentType } from "react";
import { invalidateKeys } from "../../lib/data-cache.ts";
import { useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { Tabs } from "../ui/Tabs.tsx";
import { Conversations } from "./Conversations.tsx";
import { messagesMessages } from "./messages.ts";

// The community feature's public moderation panel, loaded only when its tab opens.
// The dialogs that start a conversation (the recipient search, the course list) load on the
// first click that opens one, then stay mounted so a closed draft is still there.
const StartDialogs = lazy(() => import("./StartDialogs.tsx"));

type StartDialog = "new" | "course" | "announcement";

function readUrl(): { conversation: string | null; tab: string } {
  const search = new URLSearchParams(window.location.search);
  return { conversation: search.get("conversation"), tab: search.get("tab") === "moderation" ? "moderation" : "conversations" };
}

function writeUrl(patch: Record<string, string | null>) {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(patch)) {
    if (value) url.searchParams.set(key, value);
    else url.searchParams.delete(key);
  }
  window.history.replaceState(window.history.state, "", url);
}

export default function MessagesPage({ ModerationPanel }: { ModerationPanel: ComponentType }) {
  const m = useMessages(messagesMessages);
  const { role } = useSignedIn();
  const [selected, setSelected] = useState<string | null>(() => readUrl().conversation);
  const [tab, setTab] = useState<string>(() => readUrl().tab);
  const [dialog, setDialogState] = useState<StartDialog | null>(null);
  const [dialogsUsed, setDialogsUsed] = useState(false);
  const setDialog = (next: StartDialog | null) => {
    if (next) setDialogsUsed(true);
    setDialogState(next);
  };
  const [summary, setSummary] = useState("");
  const moderates = role === "teacher" || role === "admin";

  const select = (id: string | null) => {
    setSelected(id);
    writeUrl({ conversation: id });
  };
  const opened = (id: string) => {
    invalidateKeys((key) => key.startsWith("messages-"));
    setTab("conversations");
    writeUrl({ tab: null });
    select(id);
  };

  const conversations = <Conversations selected={selected} onSelect={select} onNew={() => setDialog("new")} />;
  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description[role ?? "student"]}
        actions={
          <>
            <Button onPress={() => setDialog("new")}>{m.newMessage}</Button>
            <Button variant="secondary" onPress={() => setDialog("course")}>
              {m.courseConversation}
            </Button>
            {role === "admin" && (
              <Button variant="secondary" onPress={() => setDialog("announcement")}>
                {m.announcement}
              </Button>
            )}
          </>
        }
      />
      <p role="status" aria-live="polite" className={summary ? "mb-4 rounded-md bg-brand-50 p-3 text-brand-900" : "sr-only"}>
        {summary}
      </p>
      {moderates ? (
        <Tabs
          label={m.tabs.label}
          selected={tab}
          onChange={(key) => {
            setTab(key);
            writeUrl({ tab: key === "moderation" ? "moderation" : null });
          }}
          tabs={[
            { id: "conversations", label: m.tabs.conversations, content: conversations },
            {
              id: "moderation",
              label: m.tabs.moderation,
              content: (
                <Suspense fallback={<Skeleton blocks={3} />}>
                  <ModerationPanel />
                </Suspense>
              ),
            },
          ]}
        />
      ) : (
        conversations
      )}

      {dialogsUsed && (
        <Suspense fallback={dialog && <DialogLoading />}>
          <StartDialogs
            open={dialog}
            isAdmin={role === "admin"}
            onClose={() => setDialog(null)}
            onOpened={opened}
            onSent={(text) => (setSummary(text), invalidateKeys((key) => key.startsWith("messages-")))}
          />
        </Suspense>
      )}
    </>
  );
}
