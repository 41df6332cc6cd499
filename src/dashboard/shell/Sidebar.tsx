// The sidebar of a role's area, built from the route table: the site's home, the area's
// pages by group (the current one marked), and the help centre. On a phone it is a panel
// opened from the top bar's menu button. Links that leave the application carry
// so the router lets the browser load them.
import { localizedPath } from "../../lib/locales.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { NAV_GROUPS, sidebarOf, type DashboardRoute, type Role } from "../routes.ts";
import { hrefWithParams } from "../paths.ts";
import { shellMessages } from "./messages.ts";

const item = "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
const idle = `${item} text-gray-700 hover:bg-brand-50 hover:text-brand-900`;
const current = `${item} bg-brand-50 text-brand-900 font-semibold`;

export default function Sidebar({ role, currentRoute, open, onNavigate }: { role: Role | undefined; currentRoute: DashboardRoute | undefined; open: boolean; onNavigate: () => void }) {
  const locale = useLocale();
  const m = useMessages(shellMessages);
  const routes = role ? sidebarOf(role) : [];
  return (
    <aside id="dashboard-sidebar" className={`${open ? "block" : "hidden"} border-b border-gray-200 bg-white lg:block lg:min-h-[calc(100vh-3.5rem)] lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r`}>
      <nav aria-label={m.mainNav} className="flex flex-col gap-4 p-4">
        <ul className="flex flex-col gap-1">
          <li>
            <a href={localizedPath(locale, "/")} className={idle}>
              {m.siteHome}
            </a>
          </li>
        </ul>
        {NAV_GROUPS.map((group) => {
          const items = routes.filter((route) => route.nav!.group === group);
          if (!items.length) return null;
          const headingId = `nav-group-${group}`;
          return (
            <div key={group}>
              <p id={headingId} className="px-3 text-xs font-semibold uppercase tracking-wide text-gray-600">
                {m.groups[group]}
              </p>
              <ul className="mt-1 flex flex-col gap-1" aria-labelledby={headingId}>
                {items.map((route) => {
                  const isCurrent = route.name === currentRoute?.name;
                  return (
                    <li key={route.name}>
                      <a href={hrefWithParams(locale, route.name, {})} className={isCurrent ? current : idle} aria-current={isCurrent ? "page" : undefined} onClick={onNavigate}>
                        {(route.nav!.label ?? route.title)[locale]}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
        <ul className="flex flex-col gap-1 border-t border-gray-200 pt-4">
          <li>
            <a href={localizedPath(locale, `/help/${role ?? "student"}`)} className={idle}>
              {m.help}
            </a>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
