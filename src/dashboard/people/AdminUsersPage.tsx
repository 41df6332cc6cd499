// User management (admin): every account (server-paged, searched), its roles and actions;
// the audit log; the security setting "MFA required for admins". Each tab's content is its
// own chunk, loaded when the tab is shown (DESIGN §6 weight).
import { lazy, Suspense, useState } from "react";
import { useMessages } from "../i18n.ts";
import { PageHeader } from "../ui/PageHeader.tsx";
import type { PageProps } from "../paths.ts";
import { Skeleton } from "../ui/Skeleton.tsx";
import { Tabs } from "../ui/Tabs.tsx";
import MfaBanner from "./MfaBanner.tsx";
import { peopleMessages } from "./messages.ts";

const SECTIONS = {
  accounts: lazy(() => import("./AccountsSection.tsx")),
  audit: lazy(() => import("./AuditSection.tsx")),
  security: lazy(() => import("./SecuritySection.tsx")),
};

const TABS = ["accounts", "audit", "security"] as const;
type TabId = (typeof TABS)[number];

export default function AdminUsersPage(_: PageProps) {
  const m = useMessages(peopleMessages);
  const [tab, setTab] = useState<TabId>(() => {
    const wanted = typeof location === "undefined" ? null : new URLSearchParams(location.search).get("tab");
    return (TABS as readonly string[]).includes(wanted ?? "") ? (wanted as TabId) : "accounts";
  });
  return (
    <>
      <PageHeader title={m.users.title} />
      <MfaBanner />
      <Tabs
        label={m.users.tabsLabel}
        selected={tab}
        onChange={(id) => setTab(id as TabId)}
        tabs={TABS.map((id) => {
          const Section = SECTIONS[id];
          return {
            id,
            label: m.users.tabs[id],
            content: (
              <Suspense fallback={<Skeleton lines={6} />}>
                <Section />
              </Suspense>
            ),
          };
        })}
      />
    </>
  );
}
