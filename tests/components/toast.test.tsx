import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { toastError, toastSuccess } from "../../src/dashboard/ui/toast.ts";
import Toaster from "../../src/islands/Toaster.tsx";

test("toastSuccess and toastError show SPEC §8 wording through the shared Toaster", async () => {
  const screen = await render(<Toaster locale="fr" />);
  toastSuccess("saved", "fr");
  await expect.element(screen.getByRole("status")).toHaveTextContent("Enregistré avec succès");
  toastError(new TypeError("Failed to fetch"), "en");
  await expect.element(screen.getByRole("alert")).toHaveTextContent("Network connection error");
});
