"use client";

import { useMemo } from "react";
import { useCarriedThreads } from "@/lib/client/versions/use-versions";
import type { CarriedThread } from "@/lib/studio/api/versions";
import type { MentionCandidate } from "@/lib/studio/comments/mentions";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { CommentThreads } from "./comment-threads";

const NO_PINS: ReadonlyMap<string, number> = new Map();

/**
 * The open threads of the versions before this one, under this version's own: each is the
 * original thread (a reply or a resolve acts on it where it was written), marked with the version
 * it was made on. Their pins stay on that version's media, so none is drawn here.
 */
export function CarriedThreads({
  item,
  meId,
  members,
  canReview,
  newVersionHref,
}: {
  item: GalleryItem;
  meId: string;
  members: readonly MentionCandidate[];
  canReview: boolean;
  newVersionHref?: ((commentId: string) => string) | undefined;
}) {
  const earlier = item.stack !== undefined && item.stack.version > 1;
  const carried = useCarriedThreads(item.id, earlier);
  const groups = useMemo(() => {
    const byItem = new Map<string, { itemId: string; version: number; threads: CarriedThread[] }>();
    for (const t of carried.data?.threads ?? []) {
      const group = byItem.get(t.itemId) ?? { itemId: t.itemId, version: t.version, threads: [] };
      group.threads.push(t);
      byItem.set(t.itemId, group);
    }
    return [...byItem.values()];
  }, [carried.data]);
  if (!earlier || groups.length === 0) return null;
  return (
    <section aria-label="Open on earlier versions" className="flex flex-col gap-3">
      <h3 className="font-medium text-[11.5px] text-muted-subtle uppercase tracking-[0.12em]">
        Still open from earlier versions
      </h3>
      {groups.map((g) => (
        <CommentThreads
          key={g.itemId}
          itemId={g.itemId}
          kind={item.kind}
          threads={g.threads}
          numbers={NO_PINS}
          members={members}
          canReview={canReview}
          meId={meId}
          madeOn={g.version}
          newVersionHref={newVersionHref}
        />
      ))}
    </section>
  );
}
