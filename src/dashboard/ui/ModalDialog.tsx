// The open modal dialog behind ui/Dialog.tsx (which loads this file when a dialog first
// opens): react-aria traps focus inside, returns it to the trigger on close, closes on
// Escape, and hides the rest of the page from screen readers.
// Built from react-aria's hooks (useModalOverlay, useDialog, Overlay) rather than
// react-aria-components' <Modal>/<Dialog>: those import the Menu, Popover and collection
// modules (28 KB gzip) into every page that shows a dialog.
import { useRef, type ReactNode } from "react";
import { Overlay } from "react-aria/Overlay";
import { useDialog } from "react-aria/useDialog";
import { useModalOverlay } from "react-aria/useModalOverlay";
import { useOverlayTriggerState, type OverlayTriggerState } from "react-stately/useOverlayTriggerState";
import { useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { uiMessages } from "./messages.ts";
import { cx } from "./styles.ts";

export interface DialogProps {
  title: ReactNode;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Clicking outside closes it (not for forms: a stray click must not lose what was typed). */
  isDismissable?: boolean;
  /** alertdialog for confirmations: screen readers announce it as urgent. */
  role?: "dialog" | "alertdialog";
  size?: "md" | "lg";
}

export default function ModalDialog({ isOpen, onOpenChange, ...props }: DialogProps) {
  const state = useOverlayTriggerState({ isOpen, onOpenChange });
  if (!state.isOpen) return null;
  return (
    <Overlay>
      <ModalFrame state={state} {...props} />
    </Overlay>
  );
}

type FrameProps = Omit<DialogProps, "isOpen" | "onOpenChange"> & { state: OverlayTriggerState };

function ModalFrame({ state, isDismissable = false, size = "md", ...props }: FrameProps) {
  const ref = useRef<HTMLDivElement>(null);
  const { modalProps, underlayProps } = useModalOverlay({ isDismissable, isKeyboardDismissDisabled: false }, state, ref);
  return (
    <div {...underlayProps} className="fixed inset-0 z-40 flex items-center justify-center bg-black/50 p-2 sm:p-4">
      <div {...modalProps} ref={ref} className={cx("max-h-[calc(100dvh-1rem)] w-full overflow-auto rounded-xl bg-white shadow-xl", size === "md" ? "max-w-lg" : "max-w-3xl")}>
        <DialogBody close={state.close} {...props} />
      </div>
    </div>
  );
}

type BodyProps = Omit<DialogProps, "isOpen" | "onOpenChange" | "isDismissable" | "size"> & { close: () => void };

function DialogBody({ title, children, role = "dialog", close }: BodyProps) {
  const m = useMessages(uiMessages);
  const ref = useRef<HTMLDivElement>(null);
  const { dialogProps, titleProps } = useDialog({ role }, ref);
  return (
    <div {...dialogProps} ref={ref} className="relative p-5 outline-none sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <h2 {...titleProps} className="text-xl font-bold text-brand-900">
          {title}
        </h2>
        <Button variant="ghost" size="sm" onPress={close} aria-label={m.close} className="-mr-2 -mt-1 text-xl">
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      <div className="mt-4 text-gray-800">{typeof children === "function" ? children({ close }) : children}</div>
    </div>
  );
}
