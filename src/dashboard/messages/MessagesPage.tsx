// Messages of every role (/dashboard/<role>/messages): conversations (one-to-one, course,
// announcements) with live delivery, attachments and search. Teachers and admins also get
// a "Modération" tab (the community's reports to handle); admins send announcements.
// The open conversation and tab live in the URL (?conversation=…&tab=moderation), so a
// notification's link opens the right thread.
import { Suspense, lazy, useState } from "react";
import { invalidateKeys } from "../../lib/data-cache.ts";
import { useMessages } from "../i18n.ts";
import type { PageProps } from "../routes.ts";
import { useSignedIn } from "../session.ts";
import { Button } from "../ui/Button.tsx";
import { PageHeader } from "../ui/PageHeader.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { Tabs } from "../ui/Tabs.tsx";
import { Conversations } from "./Conversations.tsx";
import { messagesMessages } from "./messages.ts";
import { AnnouncementDialog, CourseConversationDialog, NewMessageDialog } from "./StartDialogs.tsx";

// The community feature's public moderation panel, loaded only when its tab opens.
const ModerationPanel = lazy(() => import("../community/ModerationPanel.tsx"));

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

export default function MessagesPage(_: PageProps) {
  const m = useMessages(messagesMessages);
  const { role } = useSignedIn();
  const [selected, setSelected] = useState<string | null>(() => readUrl().conversation);
  const [tab, setTab] = useState<string>(() => readUrl().tab);
  const [dialog, setDialog] = useState<"new" | "course" | "announcement" | null>(null);
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
        description={m.description}
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

      <NewMessageDialog isOpen={dialog === "new"} onClose={() => setDialog(null)} onOpened={opened} />
      <CourseConversationDialog isOpen={dialog === "course"} onClose={() => setDialog(null)} onOpened={opened} />
      {role === "admin" && (
        <AnnouncementDialog isOpen={dialog === "announcement"} onClose={() => setDialog(null)} onSent={(text) => (setSummary(text), invalidateKeys((key) => key.startsWith("messages-")))} />
      )}
    </>
  );
}
