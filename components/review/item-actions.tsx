"use client";

import { ChevronLeft, ChevronRight, Columns2, Download, Layers, Wand2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { VaryItemButton } from "@/components/experiments/vary-item-button";
import { ShareDialog } from "@/components/organize/share-dialog";
import { PresenceAvatars } from "@/components/presence/presence-avatars";
import { Button, ButtonLink } from "@/components/ui/button";
import { newVersionHref, workflowRecallHref } from "@/lib/client/create/recall-links";
import type { useItemDetail } from "@/lib/client/review/use-review";
import { compareUrl, downloadUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import { presenceTarget } from "@/lib/studio/presence/presence";
import { can, type Role } from "@/lib/studio/roles";
import { OpenInCanvas } from "./open-in-canvas";

type ItemDetail = NonNullable<ReturnType<typeof useItemDetail>["data"]>;

/**
 * What this item is most naturally compared with: its version before (the first version for
 * v1's), else the item it was made from, else the one before it.
 */
export function compareTarget(
  detail: ItemDetail,
  versions: readonly { id: string; stack?: { version: number } }[],
  previousId: string | null,
): { id: string; label: string } | null {
  const { item } = detail;
  const at = versions.findIndex((v) => v.id === item.id);
  const versionPeer = at > 0 ? versions[at - 1] : at === 0 ? versions[1] : undefined;
  const source = detail.lineage.sources[0]?.item;
  return versionPeer?.stack
    ? { id: versionPeer.id, label: `Compare with v${versionPeer.stack.version}` }
    : source
      ? { id: source.id, label: "Compare with source" }
      : previousId
        ? { id: previousId, label: "Compare with previous" }
        : null;
}

/**
 * The viewer's toolbar after the item's title: who else looks at it, the walk to its neighbours
 * (when the studio can tell them), and what the viewer's role may do with it.
 */
export function ItemActions({
  item,
  itemId,
  me,
  search,
  walk,
  previousId,
  nextId,
  compareWith,
}: {
  item: ItemDetail["item"];
  itemId: string;
  me: { id: string; role: Role };
  search: string;
  /** The neighbours are known: the arrows are shown. */
  walk: boolean;
  previousId: string | null;
  nextId: string | null;
  compareWith: { id: string; label: string } | null;
}) {
  const router = useRouter();
  return (
    <>
      <PresenceAvatars on={presenceTarget("item", itemId)} className="mr-1" />
      {walk ? (
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label="Previous item"
            title="Previous (←)"
            disabled={!previousId}
            onClick={() => previousId && router.push(viewerUrl(previousId, search))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label="Next item"
            title="Next (→)"
            disabled={!nextId}
            onClick={() => nextId && router.push(viewerUrl(nextId, search))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      ) : null}
      {compareWith ? (
        <ButtonLink
          href={compareUrl([compareWith.id, item.id])}
          variant="secondary"
          size="sm"
          aria-label={compareWith.label}
          title={compareWith.label}
        >
          <Columns2 aria-hidden />
          {/* Words on wide screens; on a laptop the icon leaves the prompt room to be read. */}
          <span className="hidden 2xl:inline">{compareWith.label}</span>
        </ButtonLink>
      ) : null}
      {can(me.role, "organize") ? <ShareDialog itemId={item.id} /> : null}
      <ButtonLink
        href={downloadUrl(item.id)}
        prefetch={false}
        download
        variant="secondary"
        size="sm"
        aria-label="Download"
        title="Download"
      >
        <Download aria-hidden />
        <span className="hidden 2xl:inline">Download</span>
      </ButtonLink>
      {can(me.role, "generate") ? <VaryItemButton item={item} /> : null}
      {can(me.role, "generate") ? (
        <ButtonLink
          href={newVersionHref(item)}
          variant="secondary"
          size="sm"
          aria-label="New version"
          title="New version: make the next version of this item from its recipe"
        >
          <Layers aria-hidden />
          <span className="hidden 2xl:inline">New version</span>
        </ButtonLink>
      ) : null}
      {can(me.role, "generate") ? <OpenInCanvas item={item} /> : null}
      {can(me.role, "generate") ? (
        <ButtonLink href={workflowRecallHref(item, "all", item.seed)} variant="primary" size="sm">
          <Wand2 aria-hidden />
          Open in Create
        </ButtonLink>
      ) : null}
    </>
  );
}
