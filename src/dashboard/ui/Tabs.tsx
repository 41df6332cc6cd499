// Tabs for views of one page (Détails / Étudiants / Notes). Arrows move between tabs (and
// choose), Tab goes into the panel. The selected tab can be controlled (e.g. from the URL).
// Only the selected panel is rendered, so a panel's lazy content loads when its tab is chosen.
// Radix's Tabs primitive (about 9 KB gzip): react-aria's tabs bring its whole selectable-
// collection layer (16 to 21 KB gzip, hooks or components), which put a page of tabs over
// its 60 KB budget (DESIGN §6 allows either library).
import { Content, List, Root, Trigger } from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
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
    <Root value={selected} defaultValue={selected === undefined ? (defaultSelected ?? tabs.find((tab) => !tab.isDisabled)?.id) : undefined} onValueChange={onChange} className="flex flex-col">
      <List aria-label={label} className="flex overflow-x-auto border-b border-gray-300">
        {tabs.map((tab) => (
          <Trigger
            key={tab.id}
            value={tab.id}
            disabled={tab.isDisabled}
            className={cx(
              "-mb-px min-h-11 cursor-default border-b-2 border-transparent px-4 py-2 font-semibold whitespace-nowrap text-gray-700 hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900 data-[disabled]:text-gray-400",
              focusRing,
            )}
          >
            {tab.label}
          </Trigger>
        ))}
      </List>
      {tabs.map((tab) => (
        <Content key={tab.id} value={tab.id} className={cx("pt-4", focusRing)}>
          {tab.content}
        </Content>
      ))}
    </Root>
  );
}
