// "Are you sure?" before a destructive action. The confirm button waits for the action; if it
// fails, the dialog stays open with the SPEC §8 message, so nothing happens silently.
import { useState, type ReactNode } from "react";
import { useMessages } from "../i18n.ts";
import { Button } from "./Button.tsx";
import { Dialog, DialogActions } from "./Dialog.tsx";
import { useErrorMessage } from "./toast.ts";
import { uiMessages } from "./messages.ts";
import { errorText } from "./styles.ts";

export interface ConfirmDialogProps {
  title: ReactNode;
  children: ReactNode;
  /** Label of the confirm button; default "Supprimer" / "Delete". */
  confirmLabel?: string;
  /**
   * Label of the button that backs out; default "Annuler" / "Cancel". Give one when the
   * action is itself a cancelling ("Annuler la séance"): "Garder la séance", not two "Annuler".
   */
  cancelLabel?: string;
  /** The action; the dialog closes when it resolves. */
  onConfirm: () => unknown | Promise<unknown>;
  variant?: "danger" | "primary";
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export function ConfirmDialog({ title, children, confirmLabel, cancelLabel, onConfirm, variant = "danger", isOpen, onOpenChange }: ConfirmDialogProps) {
  const m = useMessages(uiMessages);
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changeOpen = (open: boolean) => {
    if (!open) setError(null);
    onOpenChange(open);
  };
  return (
    <Dialog title={title} role="alertdialog" isOpen={isOpen} onOpenChange={changeOpen}>
      {({ close }) => (
        <>
          <div>{children}</div>
          {error && (
            <p role="alert" className={errorText}>
              {error}
            </p>
          )}
          <DialogActions>
            <Button variant="secondary" onPress={close} isDisabled={pending}>
              {cancelLabel ?? m.cancel}
            </Button>
            <Button
              variant={variant}
              isPending={pending}
              onPress={async () => {
                setPending(true);
                setError(null);
                try {
                  await onConfirm();
                  close();
                } catch (failure) {
                  setError(errorMessage(failure));
                } finally {
                  setPending(false);
                }
              }}
            >
              {confirmLabel ?? m.delete}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
