import { expect, test, vi } from "vitest";
import { userEvent } from "vitest/browser";
import { Badge, StatusPill } from "../../src/dashboard/ui/Badge.tsx";
import { LinkButton } from "../../src/dashboard/ui/Button.tsx";
import { Card, Section } from "../../src/dashboard/ui/Card.tsx";
import { EmptyState } from "../../src/dashboard/ui/EmptyState.tsx";
import { ErrorState } from "../../src/dashboard/ui/ErrorState.tsx";
import { PageHeader } from "../../src/dashboard/ui/PageHeader.tsx";
import { Skeleton } from "../../src/dashboard/ui/Skeleton.tsx";
import { expectNoAxeViolations, renderKit } from "./helpers.tsx";

test("a page: one h1, cards named by their h2, an empty state with its next action, a busy skeleton, badges", async () => {
  const screen = await renderKit(
    <>
      <PageHeader title="Mes cours" description="Les cours du semestre en cours." actions={<LinkButton href="#catalogue">Parcourir le catalogue</LinkButton>} />
      <Card title="Cette semaine">
        <EmptyState
          title="Aucun cours cette semaine"
          description="Inscrivez-vous à un cours pour le voir ici."
          action={
            <LinkButton href="#catalogue" variant="primary">
              S'inscrire à un cours
            </LinkButton>
          }
          headingLevel={3}
        />
      </Card>
      <Section title="Paiements">
        <Skeleton lines={2} />
        <StatusPill tone="success">Payé</StatusPill> <Badge tone="warning">En attente</Badge> <StatusPill tone="danger">Refusé</StatusPill>
      </Section>
    </>,
  );
  expect(document.querySelectorAll("h1")).toHaveLength(1);
  await expect.element(screen.getByRole("heading", { level: 1, name: "Mes cours" })).toBeInTheDocument();
  await expect.element(screen.getByRole("region", { name: "Cette semaine" })).toBeInTheDocument();
  await expect.element(screen.getByRole("status")).toHaveAttribute("aria-busy", "true");
  await expect.element(screen.getByRole("status")).toHaveTextContent("Chargement…");
  await userEvent.tab();
  await userEvent.tab();
  await expect.element(screen.getByRole("link", { name: "S'inscrire à un cours" })).toHaveFocus();
  await expectNoAxeViolations();
});

test("an error state says the SPEC §8 message of the error's class and retries with Réessayer", async () => {
  const onRetry = vi.fn();
  const screen = await renderKit(
    <>
      <ErrorState error={new Error("HTTP 503 Service Unavailable")} onRetry={onRetry} />
      <ErrorState error={{ code: "PGRST116", message: "0 rows" }} />
      <ErrorState error={{ status: 401 }} />
    </>,
  );
  const alerts = screen.getByRole("alert");
  await expect.element(alerts.nth(0)).toHaveTextContent("Erreur du serveur");
  await expect.element(alerts.nth(1)).toHaveTextContent("Élément introuvable");
  await expect.element(alerts.nth(2)).toHaveTextContent("Erreur d'authentification");
  await userEvent.tab();
  await expect.element(screen.getByRole("button", { name: "Réessayer" })).toHaveFocus();
  await userEvent.keyboard("{Enter}");
  expect(onRetry).toHaveBeenCalledTimes(1);
  await expectNoAxeViolations();
});

test("in English the same states speak English", async () => {
  const screen = await renderKit(
    <>
      <ErrorState error={new TypeError("Failed to fetch")} onRetry={() => {}} />
      <Skeleton />
    </>,
    "en",
  );
  await expect.element(screen.getByRole("alert")).toHaveTextContent("Network connection error");
  await expect.element(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  await expect.element(screen.getByRole("status")).toHaveTextContent("Loading…");
});
