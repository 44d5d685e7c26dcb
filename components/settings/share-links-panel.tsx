"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { Link2 } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/field";
import { call, useEndpointMutation } from "@/lib/client/endpoint-client";
import { useShowOlder } from "@/lib/client/older-pages";
import { shareLinksKey } from "@/lib/client/organize/keys";
import { api } from "@/lib/studio/api/addresses";
import type { ShareLinkView } from "@/lib/studio/api/share-links";
import { shareAddressShown } from "@/lib/studio/organize/share-address";
import { RevocableList } from "./revocable-list";
import { SettingsSection } from "./settings-section";

const dateFormat = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", day: "numeric" });

function stateOf(link: ShareLinkView, now: number): "live" | "expired" | "revoked" {
  if (link.revokedAt) return "revoked";
  if (link.expiresAt && Date.parse(link.expiresAt) <= now) return "expired";
  return "live";
}

/** Every link made for people without an account, with what it shows; revoke stops it at once. */
export function ShareLinksPanel() {
  const revokeLink = useEndpointMutation(api.shareLinks.revoke);
  const links = useInfiniteQuery({
    queryKey: shareLinksKey,
    queryFn: ({ pageParam }) =>
      call(api.shareLinks.list, { query: { limit: 100, ...(pageParam ? { cursor: pageParam } : {}) } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const showOlder = useShowOlder(links);
  const [revoking, setRevoking] = useState(false);
  /** The link whose revocation waits for a yes: a revoked link cannot be brought back. */
  const [confirming, setConfirming] = useState<ShareLinkView | null>(null);
  const [error, setError] = useState<string>();
  const now = Date.now();
  const all = links.data?.pages.flatMap((p) => p.links) ?? [];
  const live = all.filter((l) => stateOf(l, now) === "live");
  const ended = all.filter((l) => stateOf(l, now) !== "live");

  async function revoke(id: string) {
    setRevoking(true);
    setError(undefined);
    try {
      await revokeLink.mutateAsync({ params: { id } });
      setConfirming(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The link was not revoked.");
    } finally {
      setRevoking(false);
    }
  }

  const linkSummary = (link: ShareLinkView) => (
    <div className="min-w-0">
      <p className="truncate text-[13px] text-foreground">
        {link.target.kind === "board"
          ? `Board: ${link.target.label}`
          : link.target.kind === "round"
            ? `Blind vote: ${link.target.label}`
            : link.target.label}
      </p>
      <p className="text-[12px] text-muted-subtle">
        {link.prefix ? (
          <>
            <code className="font-mono text-muted" title="The start of the link's address">
              {shareAddressShown(link.prefix)}
            </code>{" "}
            ·{" "}
          </>
        ) : null}
        By {link.createdByName} on {dateFormat.format(new Date(link.createdAt))} ·{" "}
        {link.revokedAt
          ? `revoked ${dateFormat.format(new Date(link.revokedAt))}`
          : link.expiresAt
            ? `${Date.parse(link.expiresAt) <= now ? "expired" : "expires"} ${dateFormat.format(new Date(link.expiresAt))}`
            : "no expiry"}
      </p>
      <div className="mt-1 flex gap-1.5">
        <Badge>{link.guestVotes ? "Guests vote" : link.allowComments ? "Guests comment" : "Read-only"}</Badge>
        <Badge>{link.showParams ? "Prompt shown" : "Prompt hidden"}</Badge>
      </div>
    </div>
  );

  return (
    <SettingsSection
      icon={Link2}
      labelId="share-links-heading"
      title="Share links"
      description="Links to one item, one board or one blind vote for people without an account. A link shows only what it names; revoking it stops it at once, its images included."
    >
      {error ? (
        <div className="px-5 pt-4">
          <FormError>{error}</FormError>
        </div>
      ) : null}
      <RevocableList
        label="Share links"
        items={live}
        loading={links.isPending}
        empty="No live share links. Share an item or a board from the gallery."
        revoking={revoking}
        onRevoke={(id) => setConfirming(live.find((l) => l.id === id) ?? null)}
      >
        {linkSummary}
      </RevocableList>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Revoke this share link?"
        description="Whoever opens it will be told it was revoked, and its images stop at once. A revoked link cannot be brought back; share again for a new one."
      >
        <div className="flex flex-col gap-4">
          {confirming ? linkSummary(confirming) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={revoking}
              onClick={() => {
                if (confirming) void revoke(confirming.id);
              }}
            >
              Revoke link
            </Button>
          </div>
        </div>
      </Dialog>
      {ended.length > 0 ? (
        <details className="border-border border-t">
          <summary className="cursor-pointer px-5 py-3 text-[13px] text-muted hover:text-foreground">
            Expired and revoked ({ended.length})
          </summary>
          <ul className="divide-y divide-border" aria-label="Ended share links">
            {ended.map((link) => (
              <li key={link.id} className="px-5 py-3 opacity-70">
                {linkSummary(link)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {links.hasNextPage ? (
        <div className="px-5 py-3">
          <Button size="sm" onClick={showOlder}>
            Show more
          </Button>
        </div>
      ) : null}
    </SettingsSection>
  );
}
