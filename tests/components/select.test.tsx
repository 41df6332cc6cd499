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

test("Select is the browser's <select>: labelled, described, the placeholder until a choice, the choice reported", async () => {
  const screen = await renderKit(<Harness />);
  const select = screen.getByRole("combobox", { name: "École", exact: true });
  await expect.element(select).toHaveAccessibleDescription("L'établissement du cours");
  await expect.element(select).toHaveDisplayValue("Choisir…");
  await userEvent.tab();
  await expect.element(select).toHaveFocus();
  await userEvent.selectOptions(select, "Faculté de médecine");
  await expect.element(screen.getByTestId("picked")).toHaveTextContent("medecine / -");
  // The placeholder is gone once something is chosen: a required choice cannot be undone.
  expect(Array.from((select.element() as HTMLSelectElement).options).map((o) => o.value)).toEqual(["polytech", "medecine", "commerce"]);
  await expectNoAxeViolations();
});

test("Select shows its error and marks itself invalid", async () => {
  const screen = await renderKit(<Select label="Niveau" options={schools} value={null} errorMessage="Choisissez le niveau." isRequired />);
  const select = screen.getByRole("combobox", { name: /Niveau/ });
  await expect.element(select).toHaveAttribute("aria-invalid", "true");
  await expect.element(select).toHaveAccessibleDescription("Choisissez le niveau.");
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
