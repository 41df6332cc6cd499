// The open list of ui/Menu.tsx, loaded when a menu first opens: react-aria's Popover
// (placed under its button, Escape and a click outside close it, focus returns to the
// button) around its Menu (arrows move, Enter runs an action).
import type { RefObject } from "react";
import { Menu as AriaMenu, MenuItem as AriaMenuItem, Popover, Separator, type Key } from "react-aria-components";
import { cx, listItem, popover } from "./styles.ts";

export interface MenuAction {
  id: string;
  label: string;
  /** A link item navigates; otherwise onAction is called with the id. */
  href?: string;
  isDisabled?: boolean;
  danger?: boolean;
  /** A line before this item. */
  separatorBefore?: boolean;
}

export interface MenuPopoverProps {
  triggerRef: RefObject<HTMLButtonElement | null>;
  label?: string;
  items: MenuAction[];
  onAction?: (id: string) => void;
  placement: "bottom start" | "bottom end";
  onClose: () => void;
}

export default function MenuPopover({ triggerRef, label, items, onAction, placement, onClose }: MenuPopoverProps) {
  return (
    <Popover triggerRef={triggerRef} isOpen onOpenChange={(open) => !open && onClose()} placement={placement} className={cx(popover, "min-w-48")}>
      <AriaMenu aria-label={label} autoFocus="first" onAction={(key: Key) => onAction?.(String(key))} onClose={onClose} className="outline-none">
        {items.flatMap((item) => [
          ...(item.separatorBefore ? [<Separator key={`${item.id}-separator`} className="my-1 border-t border-gray-200" />] : []),
          <AriaMenuItem key={item.id} id={item.id} href={item.href} isDisabled={item.isDisabled} textValue={item.label} className={cx(listItem, "cursor-pointer", item.danger && "text-red-800")}>
            {item.label}
          </AriaMenuItem>,
        ])}
      </AriaMenu>
    </Popover>
  );
}
