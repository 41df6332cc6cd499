// The administration's home: the figures that matter today, each opening its page.
import { useStore } from "@nanostores/react";
import { useMemo } from "react";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { formatNumber } from "../../lib/format.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useLocale, useMessages } from "../i18n.ts";
import Greeting from "../ui/Greeting.tsx";
import { Block, Figure } from "./Block.tsx";
import { useRouteHref } from "../links.ts";
import type { PlainRouteName } from "../paths.ts";
import { fetchAdminFigures, type AdminFigures } from "./admin-data.ts";
import { homeMessages } from "./messages.ts";

/** Each figure and the page that explains it. */
const FIGURES: { key: keyof AdminFigures; route: PlainRouteName }[] = [
  { key: "students", route: "admin.students" },
  { key: "teachers", route: "admin.teachers" },
  { key: "coursesThisSemester", route: "admin.unified-course-management" },
  { key: "openApplications", route: "admin.student-applications" },
  { key: "pendingPayments", route: "admin.finance" },
  { key: "partnerRequests", route: "admin.harvard-online.requests" },
  { key: "sessionsWithoutMeeting", route: "admin.zoom" },
];

export default function AdminHomePage() {
  const m = useMessages(homeMessages);
  const $figures = useMemo(() => createFetcherStore<AdminFigures>(["home-admin-figures"], { fetcher: () => fetchAdminFigures(getSupabase()) }), []);
  const figures = useStore($figures);
  return (
    <>
      <Greeting />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-figures">
        {FIGURES.map(({ key, route }) => (
          <FigureBlock key={key} title={m.figures[key]} route={route} state={{ ...figures, data: figures.data?.[key] }} onRetry={() => $figures.revalidate()} />
        ))}
      </div>
    </>
  );
}

function FigureBlock({ title, route, state, onRetry }: { title: string; route: PlainRouteName; state: { data?: number; loading: boolean; error?: unknown }; onRetry: () => void }) {
  const locale = useLocale();
  return (
    <Block title={title} link={useRouteHref(route)} state={state} onRetry={onRetry}>
      {(n) => <Figure value={formatNumber(locale, n)} />}
    </Block>
  );
}
