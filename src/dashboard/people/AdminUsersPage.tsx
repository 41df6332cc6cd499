// User management (admin): every account (server-paged, searched), its roles and actions;
// the audit log; the security setting "MFA required for admins".
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { PageHeader } from "../ui/PageHeader.tsx";
import { cx, focusRing } from "../ui/styles.ts";
import type { PageProps } from "../paths.ts";
import AccountsSection from "./AccountsSection.tsx";
import AuditSection from "./AuditSection.tsx";
import MfaBanner from "./MfaBanner.tsx";
import SecuritySection from "./SecuritySection.tsx";
import { peopleMessages } from "./messages.ts";

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
      <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as TabId)}>
        <TabList aria-label={m.users.tabsLabel} className="mb-4 flex flex-wrap gap-1 border-b border-gray-300">
          {TABS.map((id) => (
            <Tab
              key={id}
              id={id}
              className={cx(
                "-mb-px cursor-pointer rounded-t-md border-b-2 border-transparent px-4 py-2 font-semibold text-gray-800 data-[hovered]:text-brand-900 data-[selected]:border-brand-700 data-[selected]:text-brand-900",
                focusRing,
              )}
            >
              {m.users.tabs[id]}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="accounts">
          <AccountsSection />
        </TabPanel>
        <TabPanel id="audit">
          <AuditSection />
        </TabPanel>
        <TabPanel id="security">
          <SecuritySection />
        </TabPanel>
      </Tabs>
    </>
  );
}
