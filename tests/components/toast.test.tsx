import { expect, test } from "vitest";
import { render } from "vitest-browser-react";
import { provideStrings } from "../../src/dashboard/i18n.ts";
import { toastError, toastSuccess } from "../../src/dashboard/ui/toast.ts";
import { DASHBOARD_MESSAGE_PATHS, messagesFor } from "../../src/lib/i18n-subset.ts";
import Toaster from "../../src/islands/Toaster.tsx";

test("toastSuccess and toastError show SPEC §8 wording, in the page's language, through the shared Toaster", async () => {
  provideStrings(messagesFor("fr", DASHBOARD_MESSAGE_PATHS), "fr");
  const screen = await render(<Toaster closeLabel="Fermer" />);
  toastSuccess("saved");
  await expect.element(screen.getByRole("status")).toHaveTextContent("Enregistré avec succès");
  provideStrings(messagesFor("en", DASHBOARD_MESSAGE_PATHS), "en");
  toastError(new TypeError("Failed to fetch"));
  await expect.element(screen.getByRole("alert")).toHaveTextContent("Network connection error");
});
