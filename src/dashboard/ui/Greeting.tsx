// The heading of a home page: the user's name, as the dashboard has always greeted them.
import { useT } from "../i18n.ts";
import { useSignedIn } from "../session.ts";

export default function Greeting() {
  const t = useT();
  const { name } = useSignedIn();
  return (
    <h1 className="text-3xl font-bold text-brand-900" data-testid="dashboard-greeting">
      {name ? t("dashboard.welcome", { name }) : t("dashboard.welcomeNoName")}
    </h1>
  );
}
