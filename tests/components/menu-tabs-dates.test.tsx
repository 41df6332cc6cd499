import { useState } from "react";
import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { Menu } from "../../src/dashboard/ui/Menu.tsx";
import { Tabs } from "../../src/dashboard/ui/Tabs.tsx";
import { TimeField } from "../../src/dashboard/ui/TimeField.tsx";
import { DatePicker } from "../../src/dashboard/ui/DatePicker.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

test("Menu opens with Enter, arrows move, Enter runs the action, Escape gives focus back", async () => {
  const onAction = vi.fn();
  const screen = await renderKit(
    <Menu
      trigger="Awa Ngono"
      label="Mon compte"
      onAction={onAction}
      items={[
        { id: "profile", label: "Mon profil" },
        { id: "logout", label: "Se déconnecter", separatorBefore: true },
      ]}
    />,
  );
  await userEvent.tab();
  const trigger = screen.getByRole("button", { name: "Mon compte" });
  await expect.element(trigger).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByRole("menu")).toBeInTheDocument();
  await expectNoAxeViolations();
  await userEvent.keyboard("{ArrowDown}{Enter}");
  expect(onAction).toHaveBeenCalledWith("logout");
  await expect.element(screen.getByRole("menu")).not.toBeInTheDocument();
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByRole("menu")).toBeInTheDocument();
  await userEvent.keyboard("{Escape}");
  await expect.element(screen.getByRole("menu")).not.toBeInTheDocument();
  await expect.element(trigger).toHaveFocus();
});

test("Tabs move with the arrows and show their panel", async () => {
  const screen = await renderKit(
    <Tabs
      label="Cours"
      tabs={[
        { id: "details", label: "Détails", content: <p>Intitulé</p> },
        { id: "students", label: "Étudiants", content: <p>45 inscrits</p> },
      ]}
    />,
  );
  await userEvent.tab();
  await expect.element(screen.getByRole("tab", { name: "Détails" })).toHaveFocus();
  await userEvent.keyboard("{ArrowRight}");
  await expect.element(screen.getByRole("tab", { name: "Étudiants" })).toHaveAttribute("aria-selected", "true");
  await expect.element(screen.getByRole("tabpanel")).toHaveTextContent("45 inscrits");
  await expectNoAxeViolations();
});

function Times() {
  const [time, setTime] = useState<string | null>("08:30");
  const [day, setDay] = useState<string | null>("2026-11-23");
  return (
    <>
      <TimeField label="Début du cours" value={time} onChange={setTime} />
      <DatePicker label="Date de l'examen" value={day} onChange={setDay} />
      <p data-testid="out">{`${time} ${day}`}</p>
    </>
  );
}

test("TimeField (24 h) and DatePicker take arrows and give ISO strings, day first in French", async () => {
  const screen = await renderKit(<Times />);
  await userEvent.tab();
  await userEvent.keyboard("{ArrowUp}");
  await expect.element(screen.getByTestId("out")).toHaveTextContent("09:30 2026-11-23");
  await userEvent.tab(); // minutes
  await userEvent.tab(); // day of the date picker (French: day, month, year)
  await userEvent.keyboard("{ArrowUp}");
  await expect.element(screen.getByTestId("out")).toHaveTextContent("09:30 2026-11-24");
  await expectNoAxeViolations();
});
