// The person to write to: a searchable combobox (react-aria) whose options come from the
// server (people I may write to whose name contains what I type).
import { useEffect, useState } from "react";
import { ComboBox, Input, ListBox, ListBoxItem, Popover, Button as AriaButton } from "react-aria-components";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { FieldHelp, FieldLabel } from "../ui/FieldParts.tsx";
import { inputBox, listItem, popover } from "../ui/styles.ts";
import { useMessages } from "../i18n.ts";
import { useSignedIn } from "../session.ts";
import { searchRecipients, type Recipient } from "./data.ts";
import { messagesMessages } from "./messages.ts";

export function RecipientPicker({ value, onChange, errorMessage }: { value: string | null; onChange: (id: string | null) => void; errorMessage?: string }) {
  const m = useMessages(messagesMessages);
  const { role } = useSignedIn();
  const [text, setText] = useState("");
  const [items, setItems] = useState<Recipient[]>([]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      searchRecipients(getSupabase(), text)
        .then((found) => live && setItems(found))
        .catch(() => live && setItems([]));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  return (
    <ComboBox
      className="flex flex-col"
      items={items}
      inputValue={text}
      onInputChange={setText}
      selectedKey={value}
      onSelectionChange={(key) => {
        onChange(key === null ? null : String(key));
        const chosen = items.find((item) => item.id === key);
        if (chosen) setText(chosen.full_name);
      }}
      menuTrigger="focus"
      isInvalid={!!errorMessage}
      isRequired
      data-testid="recipient-picker"
    >
      <FieldLabel isRequired>{m.recipient}</FieldLabel>
      <div className="relative mt-1">
        <Input className={inputBox} />
        <AriaButton className="absolute inset-y-0 right-0 px-3 text-gray-700" aria-label={m.recipient}>
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </div>
      <FieldHelp description={m.recipientHint[role ?? "student"]} errorMessage={errorMessage} />
      <Popover className={popover}>
        <ListBox<Recipient> className="max-h-64 outline-none" renderEmptyState={() => <p className="px-3 py-2 text-gray-700">—</p>}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.full_name} className={listItem}>
              <span>{item.full_name}</span>
              <span className="ml-2 text-sm text-gray-700">({m.relations[item.relation]})</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
