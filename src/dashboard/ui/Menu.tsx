// A button that opens a list of actions (account menu, a row's "…" actions). Arrows move,
// Enter runs, Escape closes and gives focus back to the button.
import type { ReactNode } from "react";
import { Menu as AriaMenu, MenuItem as AriaMenuItem, MenuTrigger, Popover, Separator, type Key } from "react-aria-components";
import { Button, type ButtonVariant } from "./Button.tsx";
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

export interface MenuProps {
  /** The trigger's content; with an icon-only trigger, give `label`. */
  trigger: ReactNode;
  /** Accessible name of the trigger and the menu. */
  label?: string;
  items: MenuAction[];
  onAction?: (id: string) => void;
  variant?: ButtonVariant;
  placement?: "bottom start" | "bottom end";
}

export function Menu({ trigger, label, items, onAction, variant = "ghost", placement = "bottom end" }: MenuProps) {
  return (
    <MenuTrigger>
      <Button variant={variant} aria-label={label}>
        {trigger}
      </Button>
      <Popover placement={placement} className={cx(popover, "min-w-48")}>
        <AriaMenu aria-label={label} onAction={(key: Key) => onAction?.(String(key))} className="outline-none">
          {items.flatMap((item) => [
            ...(item.separatorBefore ? [<Separator key={`${item.id}-separator`} className="my-1 border-t border-gray-200" />] : []),
            <AriaMenuItem key={item.id} id={item.id} href={item.href} isDisabled={item.isDisabled} textValue={item.label} className={cx(listItem, item.danger && "text-red-800")}>
              {item.label}
            </AriaMenuItem>,
          ])}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
