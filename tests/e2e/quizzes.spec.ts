// Quizzes in the browser (issue 12 "Playwright"): the teacher creates a quiz evaluation and
// builds the quiz (2 attempts), the student opens it (a start screen: nothing starts), starts
// it, reloads in the middle and loses nothing, submits and sees its copy (1 attempt of 2 used,
// no new attempt running); the teacher releases the results and the student sees the mark.
// Axe A/AA on each page.
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, signedIn } from "./dashboard.ts";

test.describe.configure({ timeout: 120_000 });

test("the teacher builds a quiz, the student takes it across a reload, the teacher releases the results", async ({ browser }) => {
  const title = `Quiz E2E ${Date.now().toString(36)}`;
  const teacher = await signedIn(browser, "teacher");
  await teacher.goto("/dashboard/teacher/evaluations/new");
  await teacher.getByRole("button", { name: "Créer l'évaluation" }).click();
  await expect(teacher.getByText("Choisissez un cours.")).toBeVisible();
  await expect(teacher.getByText("Saisissez un intitulé.")).toBeVisible();
  await teacher.getByLabel("Cours").selectOption({ label: "INF-L2-102 — Bases de données relationnelles" });
  // a fixed field's message goes at once; the usual kind (CC) is preselected
  await expect(teacher.getByText("Choisissez un cours.")).toBeHidden();
  await teacher.getByLabel("Intitulé").fill(title);
  await expect(teacher.getByText("Saisissez un intitulé.")).toBeHidden();
  await expect(teacher.getByLabel("Nature").locator("option:checked")).toHaveText("Contrôle continu");
  await teacher.getByLabel("Nature").selectOption({ label: "Quiz" });
  await expectNoAxeViolations(teacher);
  await teacher.getByRole("button", { name: "Créer l'évaluation" }).click();

  // the builder: a single-choice question and a short answer, then publish
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText(title);
  const add = teacher.getByRole("form", { name: "Ajouter une question" });
  await add.getByLabel("Énoncé").fill("Quelle clause filtre les groupes ?");
  await add.getByLabel("Choix 1", { exact: true }).fill("WHERE");
  await add.getByLabel("Choix 2", { exact: true }).fill("HAVING");
  await add.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(add.getByText("Cochez exactement une bonne réponse.")).toBeVisible();
  await add.getByLabel("Bonne réponse (2)").check();
  await add.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(teacher.getByTestId("quiz-question")).toHaveCount(1);
  await add.getByLabel("Type de question").selectOption({ label: "Réponse courte" });
  await add.getByLabel("Énoncé").fill("Quel mot-clé supprime les doublons ?");
  await add.getByLabel("Réponses acceptées (une par ligne ; casse et espaces ignorés)").fill("DISTINCT");
  await add.getByRole("button", { name: "Enregistrer la question" }).click();
  await expect(teacher.getByTestId("quiz-question")).toHaveCount(2);
  await teacher.getByLabel("Tentatives autorisées").fill("2");
  await teacher.getByRole("button", { name: "Publier le quiz" }).click();
  await expect(teacher.getByText("Publié", { exact: true })).toBeVisible();
  await expectNoAxeViolations(teacher);

  // the evaluations list: the teacher corrects its coefficient (a bad one is refused first)
  await teacher.goto("/dashboard/teacher/evaluations");
  const row = teacher.getByTestId("evaluation-row").filter({ hasText: title });
  await row.getByRole("button", { name: `Modifier — ${title}` }).click();
  const dialog = teacher.getByRole("dialog", { name: "Modifier l'évaluation" });
  await dialog.getByLabel("Coefficient").fill("0");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByLabel("Coefficient")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Coefficient").fill("2,5");
  await expectNoAxeViolations(teacher);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell").nth(3)).toHaveText("2,5");
  await row.getByRole("link", { name: `Ouvrir le quiz — ${title}` }).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText(title);

  // the student takes it; a reload in the middle keeps the answers and the attempt
  const student = await signedIn(browser, "student");
  await student.goto("/dashboard/student/quizzes");
  await expect(student.getByRole("heading", { level: 1 })).toHaveText("Mes quiz");
  await expectNoAxeViolations(student);
  await student.getByRole("link", { name: `Voir le quiz — ${title}` }).click();
  // opening the quiz starts nothing: a start screen with the rules, and still after a reload
  const start = student.getByTestId("quiz-start");
  await expect(start).toContainText("Durée : 30 min");
  await expect(start).toContainText("votre copie est remise automatiquement");
  await expect(start.getByTestId("quiz-attempts-left")).toHaveText("Tentatives utilisées : 0 sur 2. Il vous en reste 2.");
  await expect(student.getByTestId("quiz-timer")).toHaveCount(0);
  await expectNoAxeViolations(student);
  await student.reload();
  await expect(student.getByTestId("quiz-attempts-left")).toHaveText("Tentatives utilisées : 0 sur 2. Il vous en reste 2.");
  await student.getByRole("button", { name: "Commencer" }).click();
  await expect(student.getByTestId("quiz-timer")).toHaveText(/^(29|30):\d\d$/);
  await student.getByLabel("HAVING").check();
  await expect(student.getByTestId("answer-status").first()).toHaveText("Réponse enregistrée");
  await student.getByLabel("Votre réponse").fill("  distinct ");
  await expect(student.getByTestId("answer-status").nth(1)).toHaveText("Réponse enregistrée");
  await expectNoAxeViolations(student);
  await student.reload();
  await expect(student.getByLabel("HAVING")).toBeChecked();
  await expect(student.getByLabel("Votre réponse")).toHaveValue("  distinct ");
  await expect(student.getByTestId("quiz-timer")).toHaveText(/^(29|30):\d\d$/);
  await student.getByRole("button", { name: "Remettre ma copie" }).click();
  await student.getByRole("alertdialog").getByRole("button", { name: "Remettre ma copie" }).click();
  // the copy handed in, one attempt of two used, and no new attempt running
  await expect(student.getByText("Copie remise. Votre note sera visible quand l'enseignant publiera les résultats.")).toBeVisible();
  await expect(student.getByTestId("quiz-attempts-used")).toHaveText("Tentatives utilisées : 1 sur 2.");
  const copy = student.getByTestId("quiz-copy");
  await expect(copy).toContainText("HAVING");
  await expect(copy).toContainText("distinct");
  await expect(student.getByTestId("quiz-timer")).toHaveCount(0);
  await expect(student.getByRole("button", { name: "Remettre ma copie" })).toHaveCount(0);
  await expectNoAxeViolations(student);
  await student.goto("/dashboard/student/quizzes");
  await expect(student.getByTestId("my-quiz").filter({ hasText: title })).toContainText("Tentatives : 1/2");

  // the teacher sees the attempt and releases the results
  await teacher.reload();
  await expect(teacher.getByTestId("quiz-attempt")).toHaveCount(1);
  await expect(teacher.getByTestId("quiz-attempt")).toContainText("20,00");
  await teacher.getByRole("button", { name: "Publier les résultats" }).click();
  await teacher.getByRole("alertdialog").getByRole("button", { name: "Publier les résultats" }).click();
  await expect(teacher.getByText(/Résultats publiés le/)).toBeVisible();

  await student.goto("/dashboard/student/quizzes");
  await student.getByRole("link", { name: `Voir la correction — ${title}` }).click();
  await expect(student.getByTestId("quiz-score")).toHaveText("Note : 20,00/20");
  await expect(student.getByText("Les bonnes réponses seront visibles après la fermeture du quiz.")).toBeVisible();
  await expectNoAxeViolations(student);
});
