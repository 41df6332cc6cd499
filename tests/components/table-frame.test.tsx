// TableFrame at the component tests' 360 px: a table too wide for a phone becomes blocks of
// "label : value" lines (labels from the column headers, kept up to date when rows change),
// a table that fits stays a table, and a grid kept scrolling says so.
import { useState } from "react";
import { expect, test } from "vitest";
import { userEvent } from "vitest/browser";
import { TableFrame } from "../../src/dashboard/ui/TableFrame.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

const LINES = [
  { item: "Frais d'inscription", due: "À l'inscription", amount: "50 000 FCFA", paid: "50 000 FCFA", state: "Payé" },
  { item: "1re tranche", due: "15 octobre 2026", amount: "180 000 FCFA", paid: "0 FCFA", state: "En retard" },
];

function Dues({ wide = true }: { wide?: boolean }) {
  const [lines, setLines] = useState(LINES);
  return (
    <>
      <button type="button" onClick={() => setLines([...lines, { item: "2e tranche", due: "15 avril 2027", amount: "135 000 FCFA", paid: "0 FCFA", state: "À payer" }])}>
        Ajouter
      </button>
      <TableFrame testId="dues">
        <table className={wide ? "min-w-[36rem] text-sm" : "text-sm"}>
          <caption>Échéancier</caption>
          <thead>
            <tr>
              <th scope="col">Élément</th>
              <th scope="col">Échéance</th>
              {wide && (
                <>
                  <th scope="col">
                    Montant <span aria-hidden="true">↕</span>
                  </th>
                  <th scope="col">Payé</th>
                  <th scope="col">État</th>
                </>
              )}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.item}>
                <th scope="row">{line.item}</th>
                <td>{line.due}</td>
                {wide && (
                  <>
                    <td>{line.amount}</td>
                    <td data-label="Déjà payé">{line.paid}</td>
                    <td>{line.state}</td>
                  </>
                )}
                <td>
                  <button type="button">Payer {line.item}</button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}

const frame = () => document.querySelector<HTMLElement>("[data-testid=dues]")!;
const labels = (row: number) => [...frame().querySelectorAll("tbody tr")[row].children].map((cell) => cell.getAttribute("data-label"));

test("a table too wide for the phone stacks its rows as labelled lines, without sideways scrolling", async () => {
  const screen = await renderKit(<Dues />);
  await expect.element(screen.getByRole("table", { name: "Échéancier" })).toBeInTheDocument();
  expect(frame().hasAttribute("data-stacked")).toBe(true);
  expect(frame().scrollWidth).toBeLessThanOrEqual(frame().clientWidth);
  expect(document.querySelector("[data-testid=table-scroll-hint]")).toBeNull();
  // The row header is the block's title; sort arrows and a screen-reader-only header give no
  // label; a page's own label stays.
  expect(labels(0)).toEqual([null, "Échéance", "Montant", "Déjà payé", "État", null]);
  const before = getComputedStyle(frame().querySelector("tbody td")!, "::before").content;
  expect(before).toContain("\u00a0: ");
  // A cell keeps its place in the table for screen readers.
  await expect.element(screen.getByRole("cell", { name: "180 000 FCFA" })).toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "Ajouter" }));
  await expect.element(screen.getByRole("button", { name: "Payer 2e tranche" })).toBeInTheDocument();
  await expect.poll(() => labels(2)).toEqual([null, "Échéance", "Montant", "Déjà payé", "État", null]);
  await expectNoAxeViolations();
});

test("a table that fits stays a table; a grid kept scrolling says it scrolls", async () => {
  await renderKit(<Dues wide={false} />);
  expect(frame().hasAttribute("data-stacked")).toBe(false);
  expect(getComputedStyle(frame().querySelector("tbody tr")!).display).toBe("table-row");

  const screen = await renderKit(
    <TableFrame stack={false} label="Carnet de notes">
      <table className="min-w-[40rem]">
        <thead>
          <tr>
            <th scope="col">Étudiant</th>
            <th scope="col">Devoir</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Awa Ngono</th>
            <td>15,00</td>
          </tr>
        </tbody>
      </table>
    </TableFrame>,
  );
  await expect.element(screen.getByTestId("table-scroll-hint")).toHaveTextContent("Faites défiler le tableau sur le côté pour voir toutes ses colonnes.");
  await expect.element(screen.getByRole("region", { name: "Carnet de notes" })).toHaveAttribute("tabindex", "0");
});
