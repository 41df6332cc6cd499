// A button that opens a list of actions (a row's "…" actions). Arrows move, Enter runs,
// Escape closes and gives focus back to the button. The list's code (react-aria's popover,
// menu and collection modules, about 15 KB gzip) loads when a menu first opens
// (MenuPopover.tsx): a table with a menu on every row does not carry it until it is used.
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./Button.tsx";
import type { MenuAction } from "./MenuPopover.tsx";

export type { MenuAction };

export interface MenuProps {
  /** The trigger's content; with an icon-only trigger, give `label`. */
  trigger: ReactNode;
  /** Accessible name of the trigger and the menu. */
  label?: string;
  items: MenuAction[];
  onAction?: (id: string) => void;
  variant?: ButtonVariant;
  size?: "md" | "sm";
  placement?: "bottom start" | "bottom end";
}

const MenuPopover = lazy(() => import("./MenuPopover.tsx"));

export function Menu({ trigger, label, items, onAction, variant = "ghost", size = "md", placement = "bottom end" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button ref={triggerRef} variant={variant} size={size} aria-label={label} aria-haspopup="menu" aria-expanded={open} onPress={() => setOpen(true)}>
        {trigger}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MenuPopover triggerRef={triggerRef} label={label} items={items} onAction={onAction} placement={placement} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
