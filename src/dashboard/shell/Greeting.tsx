// The heading of a home page: the user's name, as the dashboard has always greeted them.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { useT } from "../i18n.ts";
import { ownProfileStore } from "../profile/store.ts";
import { useSignedIn } from "../session.ts";

export default function Greeting() {
  const t = useT();
  const { userId } = useSignedIn();
  const profile = useStore(useMemo(() => ownProfileStore(userId), [userId]));
  const name = profile.data?.full_name;
  return (
    <h1 className="text-3xl font-bold text-brand-900" data-testid="dashboard-greeting">
      {name ? t("dashboard.welcome", { name }) : t("dashboard.welcomeNoName")}
    </h1>
  );
}
