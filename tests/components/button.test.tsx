import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { Button, LinkButton } from "../../src/dashboard/ui/Button.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

test("a button is reached with Tab and pressed with Enter and Space; a pending one is announced and not pressed again", async () => {
  const onPress = vi.fn();
  const screen = await renderKit(
    <>
      <Button onPress={onPress}>Enregistrer</Button>
      <Button variant="danger" isPending onPress={onPress}>
        Supprimer
      </Button>
      <LinkButton href="#next">Voir les cours</LinkButton>
    </>,
  );
  await userEvent.tab();
  const save = screen.getByRole("button", { name: "Enregistrer" });
  await expect.element(save).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await userEvent.keyboard(" ");
  expect(onPress).toHaveBeenCalledTimes(2);

  const pending = screen.getByRole("button", { name: /Supprimer/ });
  await expect.element(pending).toHaveAttribute("aria-disabled", "true");
  await expect.element(screen.getByText("En cours…")).toBeInTheDocument();
  await pending.click({ force: true });
  expect(onPress).toHaveBeenCalledTimes(2);

  // The pending button keeps focus (it was pressed); the next Tab reaches the link.
  await expect.element(pending).toHaveFocus();
  await userEvent.tab();
  await expect.element(screen.getByRole("link", { name: "Voir les cours" })).toHaveFocus();
  // The focus ring is visible (the site's 3 px gold outline).
  const link = screen.getByRole("link", { name: "Voir les cours" }).element() as HTMLElement;
  expect(getComputedStyle(link).outlineStyle).not.toBe("none");
  expect(getComputedStyle(link).outlineWidth).toBe("3px");
  await expectNoAxeViolations();
});

test("the pending text is in English on English pages", async () => {
  const screen = await renderKit(<Button isPending>Save</Button>, "en");
  await expect.element(screen.getByText("Working…")).toBeInTheDocument();
});
