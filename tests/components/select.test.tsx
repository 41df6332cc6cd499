import { useState } from "react";
import { expect, test } from "vitest";
import { userEvent } from "vitest/browser";
import { ComboBox } from "../../src/dashboard/ui/ComboBox.tsx";
import { Select } from "../../src/dashboard/ui/Select.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

const schools = [
  { value: "polytech", label: "École polytechnique" },
  { value: "medecine", label: "Faculté de médecine" },
  { value: "commerce", label: "École de commerce" },
];

function Harness() {
  const [school, setSchool] = useState<string | null>(null);
  const [course, setCourse] = useState<string | null>(null);
  return (
    <>
      <Select label="École" options={schools} value={school} onChange={setSchool} description="L'établissement du cours" />
      <ComboBox label="Rechercher une école" options={schools} value={course} onChange={setCourse} />
      <p data-testid="picked">{`${school ?? "-"} / ${course ?? "-"}`}</p>
    </>
  );
}

test("Select opens with the keyboard, arrows move, Enter picks, Escape closes", async () => {
  const screen = await renderKit(<Harness />);
  const select = screen.getByRole("button", { name: /École/ }).first();
  await userEvent.tab();
  await expect.element(select).toHaveFocus();
  await expect.element(select).toHaveTextContent("Choisir…");
  await userEvent.keyboard("{ArrowDown}");
  const listbox = screen.getByRole("listbox");
  await expect.element(listbox).toBeInTheDocument();
  await expectNoAxeViolations();
  await userEvent.keyboard("{ArrowDown}{Enter}");
  await expect.element(listbox).not.toBeInTheDocument();
  await expect.element(screen.getByTestId("picked")).toHaveTextContent("medecine / -");
  await expect.element(select).toHaveFocus();
  await userEvent.keyboard("{ArrowDown}");
  await expect.element(screen.getByRole("listbox")).toBeInTheDocument();
  await userEvent.keyboard("{Escape}");
  await expect.element(screen.getByRole("listbox")).not.toBeInTheDocument();
  await expect.element(screen.getByTestId("picked")).toHaveTextContent("medecine / -");
  await expectNoAxeViolations();
});

// Picking is not asserted yet: in this harness the list closes on the first ArrowDown (or
// click) once it has been open a moment — an open question, see the kit README.
test("ComboBox filters without accents", async () => {
  const screen = await renderKit(<Harness />);
  await userEvent.tab();
  await userEvent.tab();
  const combo = screen.getByRole("combobox", { name: "Rechercher une école" });
  await expect.element(combo).toHaveFocus();
  await userEvent.keyboard("ecole");
  const options = screen.getByRole("option");
  await expect.element(options.first()).toHaveTextContent("École polytechnique");
  expect(options.elements()).toHaveLength(2);
  // Open, react-aria hides the rest of the page (aria-hidden), which axe reports for the
  // Select's button; the page is checked once the list is closed.
  await userEvent.keyboard("{Escape}");
  await expect.element(combo).toHaveAttribute("aria-expanded", "false");
  await expectNoAxeViolations();
});
