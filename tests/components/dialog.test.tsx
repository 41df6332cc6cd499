import { useState } from "react";
import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { Button } from "../../src/dashboard/ui/Button.tsx";
import { ConfirmDialog } from "../../src/dashboard/ui/ConfirmDialog.tsx";
import { Dialog, DialogActions } from "../../src/dashboard/ui/Dialog.tsx";
import { TextField } from "../../src/dashboard/ui/TextField.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

function NewCourse() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Nouveau cours</Button>
      <Dialog title="Nouveau cours" isOpen={open} onOpenChange={setOpen}>
        {({ close }) => (
          <>
            <TextField label="Intitulé" />
            <DialogActions>
              <Button variant="secondary" onPress={close}>
                Annuler
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </>
  );
}

test("a dialog opens with Enter, keeps focus inside, closes with Escape and gives focus back", async () => {
  const screen = await renderKit(<NewCourse />);
  const open = screen.getByRole("button", { name: "Nouveau cours" });
  await userEvent.tab();
  await userEvent.keyboard("{Enter}");
  const dialog = screen.getByRole("dialog", { name: "Nouveau cours" });
  await expect.element(dialog).toBeInTheDocument();
  // Focus moves into the dialog; Tab cycles inside it (close ×, field, Annuler, back to ×).
  await vi.waitFor(() => expect(dialog.element().contains(document.activeElement)).toBe(true));
  for (let i = 0; i < 5; i++) {
    await userEvent.tab();
    expect(dialog.element().contains(document.activeElement)).toBe(true);
  }
  await expect.element(screen.getByRole("button", { name: "Fermer" })).toBeInTheDocument();
  await expectNoAxeViolations();
  await userEvent.keyboard("{Escape}");
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(open).toHaveFocus();
});

test("a confirm dialog runs the action, stays open with the SPEC §8 message when it fails, and closes when it succeeds", async () => {
  let fail = true;
  const onConfirm = vi.fn(async () => {
    if (fail) throw Object.assign(new Error("permission denied"), { code: "42501" });
  });
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button variant="danger" onPress={() => setOpen(true)}>
          Supprimer le cours
        </Button>
        <ConfirmDialog title="Supprimer ce cours ?" isOpen={open} onOpenChange={setOpen} onConfirm={onConfirm}>
          Les notes déjà saisies seront perdues.
        </ConfirmDialog>
      </>
    );
  }
  const screen = await renderKit(<Harness />);
  await screen.getByRole("button", { name: "Supprimer le cours" }).click();
  const dialog = screen.getByRole("alertdialog", { name: "Supprimer ce cours ?" });
  await expect.element(dialog).toHaveAccessibleName("Supprimer ce cours ?");
  await screen.getByRole("button", { name: "Supprimer", exact: true }).click();
  await expect.element(screen.getByRole("alert").filter({ hasText: "Accès refusé" })).toBeInTheDocument();
  await expect.element(dialog).toBeInTheDocument();
  await expectNoAxeViolations();
  fail = false;
  await screen.getByRole("button", { name: "Supprimer", exact: true }).click();
  await expect.element(dialog).not.toBeInTheDocument();
  expect(onConfirm).toHaveBeenCalledTimes(2);
});

test("Annuler closes the confirm dialog without running the action (English labels on English pages)", async () => {
  const onConfirm = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button variant="danger" onPress={() => setOpen(true)}>
          Delete the course
        </Button>
        <ConfirmDialog title="Delete this course?" isOpen={open} onOpenChange={setOpen} onConfirm={onConfirm}>
          Marks already entered will be lost.
        </ConfirmDialog>
      </>
    );
  }
  const screen = await renderKit(<Harness />, "en");
  await userEvent.tab();
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByRole("button", { name: "Delete", exact: true })).toBeInTheDocument();
  await screen.getByRole("button", { name: "Cancel" }).click();
  await expect.element(screen.getByRole("alertdialog")).not.toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
});
