"use client";

import { Layers } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import { useItemVersions } from "@/lib/client/versions/use-versions";
import { compareUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { versionLabel } from "@/lib/studio/versions/versions";

/**
 * The stack's versions in the viewer: v1 v2 v3, the shown one current and the newest marked. Each
 * is its own item, so the address names the version shown; `[` and `]` step between them.
 * "Compare with" opens any other version beside this one on the compare page.
 */
export function VersionSwitcher({ item, search }: { item: GalleryItem; search: string }) {
  const router = useRouter();
  const versions = useItemVersions(item.stack ? item.id : null).data?.versions ?? [];
  const at = versions.findIndex((v) => v.id === item.id);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command?.kind !== "version" || at < 0) return;
      const to = versions[at + command.step];
      if (!to) return;
      event.preventDefault();
      router.push(viewerUrl(to.id, search));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [versions, at, router, search]);

  if (versions.length < 2 || at < 0) return null;
  const newest = versions.at(-1);
  const others = versions.filter((v) => v.id !== item.id);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <nav
        aria-label="Versions"
        data-testid="version-switcher"
        className="flex items-center gap-0.5 rounded-control border border-border bg-panel p-0.5"
      >
        <Layers aria-hidden className="mx-1.5 size-3.5 text-muted-subtle" />
        {versions.map((v) => {
          const number = v.stack?.version ?? 0;
          const current = v.id === item.id;
          const isNewest = v.id === newest?.id;
          return (
            <Link
              key={v.id}
              href={viewerUrl(v.id, search)}
              aria-current={current ? "page" : undefined}
              aria-label={`Version ${number}${isNewest ? ", the newest" : ""}`}
              title={`${versionLabel(number)}${isNewest ? " (newest)" : ""}: [ and ] step between versions`}
              className={cn(
                "inline-flex h-7 items-center gap-1 rounded-[6px] px-2 font-medium text-[12.5px] transition-colors",
                focusRing,
                current
                  ? "bg-accent-strong text-accent-contrast"
                  : "text-muted hover:bg-panel-hover hover:text-foreground",
              )}
            >
              {versionLabel(number)}
              {isNewest ? (
                <span
                  className={cn(
                    "rounded-full px-1.5 text-[10px] uppercase tracking-wide",
                    current ? "bg-white/20" : "bg-accent/15 text-accent-fg",
                  )}
                >
                  newest
                </span>
              ) : null}
            </Link>
          );
        })}
      </nav>
      <Select
        aria-label="Compare this version with"
        value=""
        onChange={(e) => {
          const other = versions.find((v) => v.id === e.target.value);
          if (!other) return;
          const pair = [other, item].sort((a, b) => (a.stack?.version ?? 0) - (b.stack?.version ?? 0));
          router.push(compareUrl(pair.map((v) => v.id)));
        }}
        className="h-8"
      >
        <option value="">Compare with another version…</option>
        {others.map((v) => (
          <option key={v.id} value={v.id}>
            {versionLabel(v.stack?.version ?? 0)}
          </option>
        ))}
      </Select>
    </div>
  );
}
