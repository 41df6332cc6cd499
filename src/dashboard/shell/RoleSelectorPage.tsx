// /dashboard: the role selector. One role: straight to its area. Several: the remembered
// choice, or a choice that is then remembered (?choose=1 asks again). No role yet (a new
// account awaiting admission): what to do next.
import { useEffect } from "react";
import { localizedPath } from "../../lib/locales.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { hrefTo, type Role } from "../paths.ts";
import { useSignedIn } from "../session.ts";
import { rememberRole, rememberedRole } from "./data.ts";
import { shellMessages } from "./messages.ts";
import Greeting from "../ui/Greeting.tsx";

const button = "inline-flex rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

export default function RoleSelectorPage() {
  const locale = useLocale();
  const m = useMessages(shellMessages);
  const { roles } = useSignedIn();
  const choose = new URLSearchParams(window.location.search).has("choose");
  const remembered = rememberedRole();
  const target: Role | undefined = roles.length === 1 ? roles[0] : !choose && remembered && roles.includes(remembered) ? remembered : undefined;

  useEffect(() => {
    if (!target) return;
    // Replace /dashboard in the history, then let the router follow the new location.
    window.history.replaceState(null, "", hrefTo(locale, `${target}.home`));
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, [target, locale]);

  if (target) {
    return (
      <p role="status" className="text-gray-600">
        {m.redirecting}
      </p>
    );
  }
  if (!roles.length) {
    return (
      <section className="max-w-2xl" data-testid="no-role">
        <Greeting />
        <p className="mt-4 text-gray-700">{m.noRoleBody}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={localizedPath(locale, "/application")} className={`${button} bg-brand-600 text-white hover:bg-brand-700`}>
            {m.noRoleApply}
          </a>
          <a href={hrefTo(locale, "applications")} className={`${button} border border-brand-600 text-brand-700 hover:bg-brand-50`}>
            {m.noRoleApplications}
          </a>
          <a href={hrefTo(locale, "profile")} className={`${button} border border-brand-600 text-brand-700 hover:bg-brand-50`}>
            {m.noRoleProfile}
          </a>
        </div>
      </section>
    );
  }
  return (
    <section data-testid="role-selector">
      <h1 className="text-3xl font-bold text-brand-900">{m.chooseTitle}</h1>
      <p className="mt-2 text-gray-700">{m.chooseIntro}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {roles.map((role) => (
          <li key={role}>
            <a
              href={hrefTo(locale, `${role}.home`)}
              onClick={() => rememberRole(role)}
              className="block h-full rounded-xl border border-gray-200 bg-white p-6 shadow-sm hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="block text-lg font-semibold text-brand-900">{m.roleAreas[role]}</span>
              <span className="mt-1 block text-sm text-gray-700">{m.roleHints[role]}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
