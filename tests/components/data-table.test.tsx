import { beforeEach, expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { Button } from "../../src/dashboard/ui/Button.tsx";
import { DataTable, type DataColumn } from "../../src/dashboard/ui/DataTable.tsx";
import { EmptyState } from "../../src/dashboard/ui/EmptyState.tsx";
import { TextField } from "../../src/dashboard/ui/TextField.tsx";
import type { TableQuery } from "../../src/dashboard/ui/table-query.ts";
import { useServerTable } from "../../src/dashboard/ui/useServerTable.ts";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

interface Student {
  id: string;
  name: string;
  fees: number;
}
const ALL: Student[] = Array.from({ length: 45 }, (_, i) => ({ id: `s${i + 1}`, name: `Étudiant ${String(i + 1).padStart(2, "0")}`, fees: (i + 1) * 1000 }));

/** A fake server: filters, sorts and pages like a data.ts fetchPage over supabase-js. */
function server(query: TableQuery) {
  let rows = ALL.filter((s) => !query.filters.q || s.name.includes(query.filters.q));
  if (query.sort) {
    const { id, desc } = query.sort;
    rows = [...rows].sort((a, b) => (a[id as keyof Student] < b[id as keyof Student] ? -1 : 1) * (desc ? -1 : 1));
  }
  const from = (query.page - 1) * query.pageSize;
  return { rows: rows.slice(from, from + query.pageSize), count: rows.length };
}

const columns: DataColumn<Student>[] = [
  { id: "name", header: "Nom", cell: (s) => s.name, sortable: true },
  { id: "fees", header: "Frais", cell: (s) => `${s.fees} FCFA`, csv: (s) => s.fees, sortable: true, align: "end" },
];

function Students({ fetchPage, fetchAll }: { fetchPage: (q: TableQuery) => Promise<{ rows: Student[]; count: number }>; fetchAll?: () => Promise<Student[]> }) {
  const table = useServerTable({ key: "students", fetchPage });
  return (
    <DataTable
      caption="Étudiants inscrits"
      columns={columns}
      getRowId={(s) => s.id}
      fetchAll={fetchAll}
      csvFileName="etudiants.csv"
      filters={<TextField label="Rechercher" type="search" value={table.query.filters.q ?? ""} onChange={(v) => table.setFilter("q", v)} />}
      empty={<EmptyState title="Aucun étudiant" description="Inscrivez un premier étudiant." action={<Button>Inscrire un étudiant</Button>} headingLevel={3} />}
      {...table.tableProps}
    />
  );
}

beforeEach(() => history.replaceState(null, "", "/"));

test("pages, sorts and filters on the server, with the state in the URL, skeleton rows while loading, keyboard sort and no axe violations", async () => {
  const calls: TableQuery[] = [];
  let release: () => void = () => {};
  const fetchPage = vi.fn((query: TableQuery) => {
    calls.push(query);
    return new Promise<{ rows: Student[]; count: number }>((resolve) => {
      release = () => resolve(server(query));
    });
  });
  const screen = await renderKit(<Students fetchPage={fetchPage} />);
  await expect.element(screen.getByRole("table", { name: "Étudiants inscrits" })).toHaveAttribute("aria-busy", "true");
  expect(document.querySelectorAll("[data-testid=skeleton-row]").length).toBeGreaterThan(0);
  release();
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–20 sur 45");
  await expect.element(screen.getByRole("cell", { name: "Étudiant 01" })).toBeInTheDocument();
  expect(document.querySelectorAll("tbody tr").length).toBe(20);
  expect(calls[0]).toEqual({ page: 1, pageSize: 20, sort: null, filters: {} });
  await expectNoAxeViolations();

  // Next page.
  await screen.getByRole("button", { name: "Page suivante" }).click();
  release();
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("21–40 sur 45");
  expect(location.search).toBe("?students.page=2");

  // Sort by fees with the keyboard: a button in the header, aria-sort on the column.
  const feesHeader = screen.getByRole("columnheader", { name: /Frais/ });
  await expect.element(feesHeader).toHaveAttribute("aria-sort", "none");
  (screen.getByRole("button", { name: /Frais/ }).element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  release();
  await expect.element(feesHeader).toHaveAttribute("aria-sort", "ascending");
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–20 sur 45");
  await userEvent.keyboard("{Enter}");
  release();
  await expect.element(feesHeader).toHaveAttribute("aria-sort", "descending");
  await expect.element(screen.getByRole("cell", { name: "45000 FCFA" })).toBeInTheDocument();
  expect(calls.at(-1)).toEqual({ page: 1, pageSize: 20, sort: { id: "fees", desc: true }, filters: {} });
  expect(location.search).toBe("?students.sort=-fees");

  // A filter goes back to page 1 and narrows the count.
  await screen.getByRole("searchbox", { name: "Rechercher" }).fill("Étudiant 1");
  release();
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–10 sur 10");
  expect(new URLSearchParams(location.search).get("students.f.q")).toBe("Étudiant 1");

  // Page size.
  await screen.getByRole("combobox", { name: "Lignes par page" }).selectOptions("50");
  release();
  expect(calls.at(-1)?.pageSize).toBe(50);
});

test("a reload keeps the page, sort and filter of the URL", async () => {
  history.replaceState(null, "", "/?students.page=2&students.sort=name&students.size=10&other=1");
  const fetchPage = vi.fn(async (q: TableQuery) => server(q));
  const screen = await renderKit(<Students fetchPage={fetchPage} />);
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("11–20 sur 45");
  expect(fetchPage.mock.calls[0][0]).toEqual({ page: 2, pageSize: 10, sort: { id: "name", desc: false }, filters: {} });
  await expect.element(screen.getByRole("columnheader", { name: /Nom/ })).toHaveAttribute("aria-sort", "ascending");
});

test("no rows: the empty state names the next action; a failure shows the SPEC §8 message and Réessayer fetches again", async () => {
  let fail = true;
  const fetchPage = vi.fn(async (q: TableQuery) => {
    if (fail) throw new TypeError("Failed to fetch");
    return server({ ...q, filters: { q: "personne" } });
  });
  const screen = await renderKit(<Students fetchPage={fetchPage} />);
  await expect.element(screen.getByRole("alert")).toHaveTextContent("Erreur de connexion réseau");
  await expectNoAxeViolations();
  fail = false;
  await screen.getByRole("button", { name: "Réessayer" }).click();
  await expect.element(screen.getByRole("heading", { name: "Aucun étudiant" })).toBeInTheDocument();
  await expect.element(screen.getByRole("button", { name: "Inscrire un étudiant" })).toBeInTheDocument();
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("0 sur 0");
  await expectNoAxeViolations();
});

test("Exporter CSV downloads every row with a BOM and ';' separators in French", async () => {
  const blobs: Blob[] = [];
  const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return "blob:test";
  });
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  const fetchAll = vi.fn(async () => [...ALL.slice(0, 2), { id: "x", name: '=HYPERLINK("x")', fees: 5 }]);
  const screen = await renderKit(<Students fetchPage={async (q) => server(q)} fetchAll={fetchAll} />);
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–20 sur 45");
  await screen.getByRole("button", { name: "Exporter CSV" }).click();
  await vi.waitFor(() => expect(blobs).toHaveLength(1));
  const bytes = new Uint8Array(await blobs[0].arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = await blobs[0].text();
  expect(text.replace(/^\uFEFF/, "").split("\r\n")).toEqual(["Nom;Frais", "Étudiant 01;1000", "Étudiant 02;2000", `"'=HYPERLINK(""x"")";5`]);
  expect(clicks).toHaveBeenCalled();
  createObjectURL.mockRestore();
  clicks.mockRestore();
});

test("paging to the last page and back with the keyboard keeps focus on the pager", async () => {
  const fetchPage = vi.fn(async (q: TableQuery) => server(q));
  const screen = await renderKit(<Students fetchPage={fetchPage} />);
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–20 sur 45");
  const next = screen.getByRole("button", { name: "Page suivante" });
  const previous = screen.getByRole("button", { name: "Page précédente" });
  (next.element() as HTMLElement).focus();
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("21–40 sur 45");
  await expect.element(next).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("41–45 sur 45");
  await expect.element(next).toBeDisabled();
  await expect.element(previous).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  await userEvent.keyboard("{Enter}");
  await expect.element(screen.getByTestId("pager-range")).toHaveTextContent("1–20 sur 45");
  await expect.element(next).toHaveFocus();
});
