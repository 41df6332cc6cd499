// Where the page sits: dashboard › the role's area › the page (from the route table).
import { useLocale, useMessages } from "../i18n.ts";
import { homeRouteOf, routeNamed, type DashboardRoute, type Role } from "../routes.ts";
import { hrefWithParams, type RouteName } from "../paths.ts";
import { shellMessages } from "./messages.ts";

function trail(route: DashboardRoute, role: Role | undefined): DashboardRoute[] {
  const chain: DashboardRoute[] = [route];
  let parentName: RouteName | undefined = route.parent ?? (role && route.name !== `${role}.home` && route.name !== "selector" ? `${role}.home` : undefined);
  while (parentName) {
    const parent = routeNamed(parentName);
    if (chain.includes(parent)) break;
    chain.unshift(parent);
    parentName = parent.parent ?? (role && parent.name !== homeRouteOf(role).name ? `${role}.home` : undefined);
  }
  return chain;
}

export default function Breadcrumbs({ route, role, params }: { route: DashboardRoute; role: Role | undefined; params: Record<string, string> }) {
  const locale = useLocale();
  const m = useMessages(shellMessages);
  const chain = trail(route, role);
  return (
    <nav aria-label={m.breadcrumb} className="mb-4 text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {chain.map((step, index) => {
          const last = index === chain.length - 1;
          return (
            <li key={step.name} className="flex items-center gap-1">
              {index > 0 && <span aria-hidden="true">›</span>}
              {last ? (
                <span aria-current="page" className="font-medium text-gray-900">
                  {step.title[locale]}
                </span>
              ) : (
                <a href={hrefWithParams(locale, step.name, params)} className="underline-offset-2 hover:text-brand-700 hover:underline">
                  {step.title[locale]}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
