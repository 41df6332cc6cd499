// Tabs for views of one page (Détails / Étudiants / Notes). Arrows move between tabs, Tab
// goes into the panel. The selected tab can be controlled (e.g. from the URL).
import type { ReactNode } from "react";
import { Tab, TabList, TabPanel, Tabs as AriaTabs, type Key } from "react-aria-components";
import { cx, focusRing } from "./styles.ts";

export interface TabItem {
  id: string;
  label: string;
  content: ReactNode;
  isDisabled?: boolean;
}

export interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: TabItem[];
  selected?: string;
  defaultSelected?: string;
  onChange?: (id: string) => void;
}

export function Tabs({ label, tabs, selected, defaultSelected, onChange }: TabsProps) {
  return (
    <AriaTabs selectedKey={selected} defaultSelectedKey={defaultSelected} onSelectionChange={(key: Key) => onChange?.(String(key))} className="flex flex-col">
      <TabList aria-label={label} className="flex overflow-x-auto border-b border-gray-300">
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            id={tab.id}
            isDisabled={tab.isDisabled}
            className={cx(
              "-mb-px min-h-11 cursor-default border-b-2 border-transparent px-4 py-2 font-semibold whitespace-nowrap text-gray-700 data-[hovered]:text-brand-900 data-[selected]:border-brand-700 data-[selected]:text-brand-900 data-[disabled]:text-gray-400",
              focusRing,
            )}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={cx("pt-4", focusRing)}>
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
