import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import type { StreamStart } from "@/lib/studio/api/stream";
import { BrandMark } from "./brand-mark";
import { EngineStatus, type ServiceInfo } from "./engine-status";
import { InboxBell } from "./inbox-bell";
import { ShortcutsHelp } from "./shortcuts-help";
import { SidebarNav } from "./sidebar-nav";
import { StreamStatus } from "./stream-status";
import { type ShellUser, UserMenu } from "./user-menu";

/**
 * The studio frame: a top bar with the product and the service in use, the navigation rail on
 * the left and the page. The top bar and the rail stay put while the page scrolls.
 *
 * A page that marks itself `data-fills-screen` (a Create form) gets exactly the screen on wide
 * screens: the frame is one screen high and the page scrolls inside its own columns, so the
 * document never does. Below `lg` the columns stack and the document scrolls as usual.
 */
export function AppShell({
  children,
  user,
  service,
  stream,
}: {
  children: ReactNode;
  user: ShellUser;
  service: ServiceInfo;
  /** Where the tab's live stream starts: the relay's position when the page was rendered. */
  stream?: StreamStart;
}) {
  return (
    <div className="flex min-h-dvh flex-col lg:has-[[data-fills-screen]]:h-dvh">
      <a
        href="#main"
        className="sr-only rounded-control bg-accent-strong px-3 py-2 font-medium text-sm text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center justify-between gap-4 border-border border-b bg-surface/95 px-4">
        <Link href="/" className={`-mx-1 flex items-center gap-2.5 rounded-control px-1 py-1 ${focusRing}`}>
          <BrandMark />
          <span className="font-semibold text-[15px] text-foreground tracking-tight">Media Studio</span>
        </Link>
        <div className="flex items-center gap-4">
          <StreamStatus start={stream} />
          <EngineStatus service={service} />
          <InboxBell />
          <UserMenu user={user} />
        </div>
      </header>
      <div className="flex flex-1 lg:has-[[data-fills-screen]]:min-h-0">
        {/* The rail spans the page so its border runs to the bottom; the nav inside stays put. */}
        <aside className="w-16 shrink-0 border-border border-r bg-surface-sunken/60 xl:w-60">
          <div className="sticky top-14 h-[calc(100dvh-3.5rem)]">
            <SidebarNav />
          </div>
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className="flex min-w-0 flex-1 flex-col outline-none lg:has-[[data-fills-screen]]:min-h-0"
        >
          <div className="mx-auto w-full max-w-page flex-1 px-6 pt-9 pb-16 lg:px-10 lg:has-[[data-fills-screen]]:flex lg:has-[[data-fills-screen]]:min-h-0 lg:has-[[data-fills-screen]]:flex-col lg:has-[[data-fills-screen]]:py-6">
            {children}
          </div>
        </main>
      </div>
      <ShortcutsHelp />
    </div>
  );
}
