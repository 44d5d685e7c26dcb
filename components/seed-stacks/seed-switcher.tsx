"use client";

import { Dices, Star } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { Select } from "@/components/ui/select";
import { useSeedStack } from "@/lib/client/seed-stacks/use-seed-stack";
import { viewerCommand } from "@/lib/client/shortcuts/viewer-keys";
import { compareUrl, thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { seedCountLabel } from "@/lib/studio/seed-stacks/seed-stacks";

/**
 * The seed stack of the item shown: every result of the same recipe, each with its own seed, the
 * cover (best rated, then newest) first. Each is its own item, so the address names the seed shown
 * and the review panel rates it; `{` and `}` step between them. "Compare with" opens another seed
 * beside this one.
 */
export function SeedSwitcher({ item, search }: { item: GalleryItem; search: string }) {
  const router = useRouter();
  const stack = useSeedStack(item).data;
  const members = stack?.members ?? [];
  const at = members.findIndex((m) => m.id === item.id);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command?.kind !== "seed" || at < 0) return;
      const to = members[at + command.step];
      if (!to) return;
      event.preventDefault();
      router.push(viewerUrl(to.id, search));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [members, at, router, search]);

  if (members.length < 2 || at < 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <nav
        aria-label="Seeds"
        data-testid="seed-switcher"
        className="flex max-w-full items-center gap-1 overflow-x-auto rounded-control border border-border bg-panel p-1"
      >
        <span className="flex items-center gap-1 px-1.5 text-[12px] text-muted">
          <Dices aria-hidden className="size-3.5 text-muted-subtle" />
          {seedCountLabel(members.length)}
        </span>
        {members.map((m) => {
          const current = m.id === item.id;
          const cover = m.id === stack?.cover;
          const rating = m.review?.ratingAvg ?? null;
          return (
            <Link
              key={m.id}
              href={viewerUrl(m.id, search)}
              aria-current={current ? "page" : undefined}
              aria-label={`Seed ${m.seed ?? "unknown"}${cover ? ", the cover" : ""}${rating ? `, rated ${rating.toFixed(1)}` : ""}`}
              title={`Seed ${m.seed ?? "unknown"}${cover ? " (shown in the gallery)" : ""}: { and } step between seeds`}
              className={cn(
                "relative flex shrink-0 items-center gap-1.5 rounded-[6px] border p-0.5 pr-2 text-[12px] transition-colors",
                focusRing,
                current
                  ? "border-accent-strong bg-accent/15 text-foreground"
                  : "border-transparent text-muted hover:bg-panel-hover hover:text-foreground",
              )}
            >
              <span className="block size-9 shrink-0 overflow-hidden rounded-[4px] bg-surface">
                {/* biome-ignore lint/performance/noImgElement: studio thumbnails come from our own route. */}
                <img src={thumbUrl(m.id, 320)} alt="" loading="lazy" className="size-full object-cover" />
              </span>
              <span className="flex flex-col items-start leading-tight">
                <span className="font-mono text-[11px]">{m.seed ?? "—"}</span>
                <span className="flex items-center gap-0.5 text-[10.5px] text-muted">
                  {rating ? (
                    <>
                      <Star aria-hidden className="size-2.5 fill-warning text-warning" />
                      {rating.toFixed(1)}
                    </>
                  ) : (
                    "unrated"
                  )}
                  {cover ? (
                    <span className="ml-1 rounded-full bg-accent/15 px-1 text-accent-fg">cover</span>
                  ) : null}
                </span>
              </span>
            </Link>
          );
        })}
      </nav>
      <Select
        aria-label="Compare this seed with"
        value=""
        onChange={(e) => {
          const other = members.find((m) => m.id === e.target.value);
          if (other) router.push(compareUrl([item.id, other.id]));
        }}
        className="h-8"
      >
        <option value="">Compare with another seed…</option>
        {members
          .filter((m) => m.id !== item.id)
          .map((m) => (
            <option key={m.id} value={m.id}>
              Seed {m.seed ?? "unknown"}
            </option>
          ))}
      </Select>
    </div>
  );
}
