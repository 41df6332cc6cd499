// The data saver in the browser: the profile's switch, kept for this device; with it on, a
// page's realtime channel closes and it refreshes when the user comes back instead, and an
// image waits for a tap. Off by default unless the browser asks to save data (pure rule:
// tests/unit/data-saver.test.ts).
import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import DataSaverSection from "../../src/dashboard/profile/DataSaverSection.tsx";
import { DATA_SAVER_KEY, useLiveUpdates } from "../../src/dashboard/ui/data-saver.ts";
import { OnDemandImage } from "../../src/dashboard/ui/OnDemandImage.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

const PIXEL = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

function LivePage({ subscribe, refresh }: { subscribe: () => () => void; refresh: () => void }) {
  useLiveUpdates("user-1", subscribe, refresh);
  return null;
}

test("switched on: no realtime channel, a refresh on coming back, images on demand; kept for this device", async () => {
  localStorage.removeItem(DATA_SAVER_KEY);
  const close = vi.fn();
  const subscribe = vi.fn(() => close);
  const refresh = vi.fn();
  const screen = await renderKit(
    <>
      <DataSaverSection />
      <LivePage subscribe={subscribe} refresh={refresh} />
      <OnDemandImage src={PIXEL} alt="Photo de profil" width={96} height={96} className="h-24 w-24 rounded-full" />
    </>,
  );
  const toggle = screen.getByRole("switch", { name: "Économiser les données" });
  const label = screen.getByText("Économiser les données"); // (the input itself is visually hidden)
  await expect.element(toggle).not.toBeChecked();
  await expect.element(screen.getByRole("img", { name: "Photo de profil" })).toBeInTheDocument();
  expect(subscribe).toHaveBeenCalledTimes(1);

  await userEvent.click(label);
  await expect.element(toggle).toBeChecked();
  expect(localStorage.getItem(DATA_SAVER_KEY)).toBe("on");
  expect(close).toHaveBeenCalledTimes(1);
  window.dispatchEvent(new Event("focus"));
  expect(refresh).toHaveBeenCalledTimes(1);
  expect(subscribe).toHaveBeenCalledTimes(1);
  await expect.element(screen.getByRole("img", { name: "Photo de profil" })).not.toBeInTheDocument();
  const show = screen.getByRole("button", { name: "Afficher l'image : Photo de profil" });
  await expectNoAxeViolations();
  await userEvent.click(show);
  await expect.element(screen.getByRole("img", { name: "Photo de profil" })).toBeInTheDocument();

  await userEvent.click(label);
  await expect.element(toggle).not.toBeChecked();
  expect(localStorage.getItem(DATA_SAVER_KEY)).toBe("off");
  expect(subscribe).toHaveBeenCalledTimes(2);
  window.dispatchEvent(new Event("focus"));
  expect(refresh).toHaveBeenCalledTimes(1);
});
