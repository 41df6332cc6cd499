// The frame of every signed-in page: skip link, top bar, the offline banner, sidebar,
// breadcrumbs, then the page.
import { useState, type ReactNode } from "react";
import { useMessages } from "../i18n.ts";
import type { DashboardRoute } from "../routes.ts";
import { useSignedIn } from "../session.ts";
import OfflineBanner from "../ui/offline/OfflineBanner.tsx";
import Breadcrumbs from "./Breadcrumbs.tsx";
import Sidebar from "./Sidebar.tsx";
import TopBar from "./TopBar.tsx";
import { shellMessages } from "./messages.ts";

export default function Layout({ route, params, name, children }: { route: DashboardRoute | undefined; params: Record<string, string>; name: string | undefined; children: ReactNode }) {
  const m = useMessages(shellMessages);
  const { role } = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {m.skipToContent}
      </a>
      <TopBar name={name} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <OfflineBanner />
      <div className="lg:flex">
        <Sidebar role={role} currentRoute={route} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <main id="main" tabIndex={-1} className="mx-auto w-full min-w-0 max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8">
          {route && route.name !== "selector" && <Breadcrumbs route={route} role={role} params={params} />}
          {children}
        </main>
      </div>
    </div>
  );
}
