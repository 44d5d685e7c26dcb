"use client";

import type { LucideIcon } from "lucide-react";
import { ClipboardCheck, FlaskConical, LayoutGrid, Settings, Sparkles } from "lucide-react";
import { usePathname, useSearchParams } from "next/navigation";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";

type NavItem = { href: string; label: string; icon: LucideIcon };

const primaryItems: readonly NavItem[] = [
  { href: "/create", label: "Create", icon: Sparkles },
  { href: "/gallery", label: "Gallery", icon: LayoutGrid },
  { href: "/experiments", label: "Experiments", icon: FlaskConical },
  { href: "/approvals", label: "Approvals", icon: ClipboardCheck },
];

const secondaryItems: readonly NavItem[] = [{ href: "/settings", label: "Settings", icon: Settings }];

/** A section owns its sub-pages too: `/create/inpainting` keeps Create highlighted. */
export function isActivePath(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The section a page belongs to, as the navigation highlights it: the viewer opened from an
 * experiment's cell (`/gallery/item/…?experiment=…`) is a step of that experiment, not the gallery.
 */
export function sectionOf(pathname: string, search: { get(name: string): string | null }): string {
  if (/^\/gallery\/item\//.test(pathname) && search.get("experiment")) return "/experiments";
  return pathname;
}

/**
 * The studio's main navigation. Below 1280px it folds into an icon rail: labels stay in the
 * accessibility tree (sr-only) and show as a tooltip on hover or keyboard focus.
 */
export function SidebarNav() {
  const pathname = sectionOf(usePathname(), useSearchParams());
  return (
    <nav aria-label="Main" className="flex h-full flex-col px-3 py-4">
      <p className="mb-2 hidden px-3 font-medium text-[11px] text-muted-subtle uppercase tracking-[0.14em] xl:block">
        Studio
      </p>
      <NavList items={primaryItems} pathname={pathname} />
      <div className="mt-auto border-border border-t pt-3">
        <NavList items={secondaryItems} pathname={pathname} />
      </div>
    </nav>
  );
}

function NavList({ items, pathname }: { items: readonly NavItem[]; pathname: string }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.href}>
          <NavLink item={item} active={isActivePath(pathname, item.href)} />
        </li>
      ))}
    </ul>
  );
}

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const Icon = item.icon;
  return (
    <Link
      href={item.href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "group relative flex h-10 items-center justify-center rounded-control font-medium text-sm transition-colors xl:h-9 xl:justify-start xl:gap-3 xl:px-3",
        focusRing,
        active
          ? "bg-panel-raised text-foreground shadow-panel"
          : "text-muted hover:bg-panel hover:text-foreground",
      )}
    >
      {active ? (
        <span aria-hidden className="absolute inset-y-2 -left-3 w-[3px] rounded-r-full bg-accent" />
      ) : null}
      <Icon
        aria-hidden
        className={cn(
          "size-[18px] shrink-0",
          active ? "text-accent-fg" : "text-muted-subtle group-hover:text-muted",
        )}
        strokeWidth={1.75}
      />
      <span className="sr-only xl:not-sr-only">{item.label}</span>
      <span
        aria-hidden
        className={cn(
          "pointer-events-none absolute left-full z-40 ml-3 whitespace-nowrap rounded-md border border-border-strong bg-panel-raised px-2 py-1 text-foreground text-xs shadow-panel",
          "opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 xl:hidden",
        )}
      >
        {item.label}
      </span>
    </Link>
  );
}
