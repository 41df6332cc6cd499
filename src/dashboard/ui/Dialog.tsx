// A modal dialog: react-aria traps focus inside, returns it to the trigger on close,
// closes on Escape, and hides the rest of the page from screen readers.
// Use inside <DialogTrigger> (first child = the button that opens it), or controlled with isOpen.
import type { ReactNode } from "react";
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { uiMessages } from "./messages.ts";
import { cx } from "./styles.ts";

export { DialogTrigger } from "react-aria-components";

export interface DialogProps {
  title: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  /** Controlled use (without DialogTrigger). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Clicking outside closes it (not for forms: a stray click must not lose what was typed). */
  isDismissable?: boolean;
  /** alertdialog for confirmations: screen readers announce it as urgent. */
  role?: "dialog" | "alertdialog";
  size?: "md" | "lg";
}

export function Dialog({ title, children, isOpen, onOpenChange, isDismissable = false, role = "dialog", size = "md" }: DialogProps) {
  const m = useMessages(uiMessages);
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={false}
      className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-2 sm:p-4"
    >
      <Modal className={cx("max-h-[calc(100dvh-1rem)] w-full overflow-auto rounded-xl bg-white shadow-xl", size === "md" ? "max-w-lg" : "max-w-3xl")}>
        <AriaDialog role={role} className="relative p-5 outline-none sm:p-6">
          {({ close }) => (
            <>
              <div className="flex items-start justify-between gap-4">
                <Heading slot="title" className="text-xl font-bold text-brand-900">
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" onPress={close} aria-label={m.close} className="-mr-2 -mt-1 text-xl">
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
              <div className="mt-4 text-gray-800">{typeof children === "function" ? children({ close }) : children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}

/** The row of buttons at the bottom of a dialog; stacks at 360 px. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
