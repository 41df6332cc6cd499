// A modal dialog: focus trapped inside and returned to the trigger on close, Escape closes
// it, the rest of the page hidden from screen readers (ModalDialog.tsx, react-aria's hooks).
// Always controlled (isOpen + onOpenChange): the page keeps the open state.
// A closed dialog costs the page nothing: the overlay code (react-aria's focus scope, modal
// and dialog hooks, about 9 KB gzip) downloads when a dialog first opens, DialogLoading
// showing meanwhile, so a page whose dialogs open on a click stays within its budget
// (DESIGN §6 weight).
import { lazy, Suspense, type ReactNode } from "react";
import { DialogLoading } from "./DialogLoading.tsx";
import type { DialogProps } from "./ModalDialog.tsx";

export type { DialogProps };

const ModalDialog = lazy(() => import("./ModalDialog.tsx"));

export function Dialog(props: DialogProps) {
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={<DialogLoading />}>
      <ModalDialog {...props} />
    </Suspense>
  );
}

/** The row of buttons at the bottom of a dialog; stacks at 360 px. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>;
}
