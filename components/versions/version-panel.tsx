"use client";

import { Layers, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { promptForPeople } from "@/lib/client/create/prompt-words";
import { useVersionTarget } from "@/lib/client/create/version-target";
import { useEndpoint } from "@/lib/client/endpoint-client";
import { useCarriedThreads, useItemVersions } from "@/lib/client/versions/use-versions";
import { api } from "@/lib/studio/api/addresses";
import { versionLabel } from "@/lib/studio/versions/versions";

const TITLE_CHARS = 60;

function shortened(text: string): string {
  return text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text;
}

/**
 * Create opened by "New version": which version the next task makes, of which item, and the
 * comment that asked for it, beside the recipe it brought. "Make a new item instead" drops the
 * link; the form keeps the recipe.
 */
export function VersionPanel({ slug }: { slug: string }) {
  const target = useVersionTarget((s) => s.targets[slug]);
  const clear = useVersionTarget((s) => s.clearTarget);
  const itemId = target?.itemId ?? null;
  const versions = useItemVersions(itemId);
  const commentId = target?.commentId ?? null;
  // The comment is on this item, or an open thread of an earlier version shown on it.
  const own = useEndpoint(
    api.items.comments,
    { params: { id: itemId ?? "" }, query: { limit: 100 } },
    { enabled: commentId !== null && itemId !== null },
  );
  const carried = useCarriedThreads(itemId ?? "", commentId !== null && itemId !== null);
  if (!target) return null;
  const list = versions.data?.versions ?? [];
  const next = versions.data?.nextVersion ?? null;
  const first = list[0];
  const name = first
    ? (promptForPeople(first.prompt) ?? (first.kind === "video" ? "a video" : "an image"))
    : "";
  const comment = [...(own.data?.threads ?? []), ...(carried.data?.threads ?? [])].find(
    (t) => t.id === commentId,
  );
  return (
    <section
      aria-label="New version"
      data-testid="version-panel"
      className="mb-4 flex flex-col gap-2 rounded-control border border-accent/30 bg-accent/10 p-3"
    >
      <p className="flex items-start gap-2 text-[13px] text-foreground">
        <Layers aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-fg" />
        <span className="min-w-0">
          {next === null ? (
            "Looking up the item…"
          ) : (
            <>
              <span className="font-semibold">
                Version {next} of “{shortened(name)}”
              </span>
              {comment ? (
                <>
                  : <q className="text-foreground/90">{comment.body}</q>
                </>
              ) : null}
            </>
          )}
        </span>
      </p>
      {comment ? (
        <p className="pl-6 text-[12px] text-muted">
          {comment.authorName} wrote this on{" "}
          {versionLabel(list.find((v) => v.id === comment.itemId)?.stack?.version ?? 1)}. Change the recipe
          below, then Generate: the result joins the stack as {versionLabel(next ?? 2)}, in review.
        </p>
      ) : (
        <p className="pl-6 text-[12px] text-muted">
          Change the recipe below, then Generate: the result joins the stack as {versionLabel(next ?? 2)}, in
          review.
        </p>
      )}
      <div className="pl-6">
        <Button type="button" variant="ghost" size="sm" onClick={() => clear(slug)}>
          <X aria-hidden />
          Make a new item instead
        </Button>
      </div>
    </section>
  );
}
