"use client";

import { DiffRuns } from "@/components/compare/prompt-diffs";
import { Dialog } from "@/components/ui/dialog";
import { promptDiff, samePrompt } from "@/lib/studio/compare/prompt-diff";
import type { PickedVersion } from "./types";

/** Two chosen prompts, the older as the reference and the newer word by word against it. */
export function PromptDiffDialog({
  pair,
  onClose,
}: {
  pair: [PickedVersion, PickedVersion] | null;
  onClose(): void;
}) {
  const [a, b] = pair
    ? [...pair].sort((x, y) => x.run.createdAt.localeCompare(y.run.createdAt))
    : [null, null];
  const runs = a && b ? promptDiff(a.prompt, b.prompt) : [];
  return (
    <Dialog
      open={pair !== null}
      onOpenChange={(open) => !open && onClose()}
      title="What changed between the two prompts"
      description="The older prompt is the reference; the newer one is shown against it."
      className="w-[min(46rem,calc(100vw-2rem))]"
    >
      {a && b ? (
        <div className="flex flex-col gap-4">
          <section aria-label="Older prompt" className="flex flex-col gap-1.5">
            <h3 className="font-medium text-[12px] text-muted uppercase tracking-wide">Older · {a.label}</h3>
            <p className="whitespace-pre-wrap rounded-control bg-surface-sunken px-3 py-2 text-[13.5px] text-foreground leading-relaxed">
              {a.prompt}
            </p>
          </section>
          <section aria-label="Newer prompt" className="flex flex-col gap-1.5">
            <h3 className="font-medium text-[12px] text-muted uppercase tracking-wide">Newer · {b.label}</h3>
            <p
              data-testid="pair-diff"
              className="whitespace-pre-wrap rounded-control bg-surface-sunken px-3 py-2 text-[13.5px] text-foreground leading-relaxed"
            >
              {samePrompt(runs) ? "The same words as the older prompt." : <DiffRuns runs={runs} />}
            </p>
          </section>
          <p className="flex items-center gap-3 text-[12px] text-muted-subtle">
            <span>
              <del className="rounded-sm bg-danger/15 px-1 text-danger-fg">struck</del> only in the older
            </span>
            <span>
              <ins className="rounded-sm bg-success/15 px-1 text-success-fg no-underline">green</ins> only in
              the newer
            </span>
          </p>
        </div>
      ) : null}
    </Dialog>
  );
}
