"use client";

import { Wand2 } from "lucide-react";
import { DiffRuns } from "@/components/compare/prompt-diffs";
import { ModelLabel } from "@/components/create/model-name";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import { recallHref } from "@/lib/client/create/recall-links";
import { thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import { promptDiff, samePrompt } from "@/lib/studio/compare/prompt-diff";
import type { HistoryVersion } from "./types";

interface PromptVersionRowProps {
  version: HistoryVersion;
  /** 1-based, oldest first. */
  number: number;
  previous: HistoryVersion | null;
  picked: boolean;
  onPick(picked: boolean): void;
  canGenerate: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One version of a chain: its prompt as changed from the one before, its results and actions. */
export function PromptVersionRow({
  version,
  number,
  previous,
  picked,
  onPick,
  canGenerate,
}: PromptVersionRowProps) {
  const newest = version.runs[0];
  if (!newest) return null;
  const runs = previous ? promptDiff(previous.prompt, version.prompt) : [];
  const results = version.runs.flatMap((r) => r.items).slice(0, 6);
  const total = version.runs.reduce((n, r) => n + r.itemCount, 0);
  return (
    <li
      data-testid="prompt-version"
      className={cn(
        "grid grid-cols-[auto_minmax(0,1fr)] gap-3 px-4 py-3 transition-colors",
        picked && "bg-accent/8",
      )}
    >
      <label className="flex flex-col items-center gap-1.5 pt-0.5">
        <input
          type="checkbox"
          checked={picked}
          onChange={(e) => onPick(e.target.checked)}
          aria-label={`Select version ${number}: ${version.prompt.slice(0, 60)}`}
          className="size-4 accent-[#6553f0]"
        />
        <span className="font-medium text-[11px] text-muted-subtle">v{number}</span>
      </label>
      <div className="flex min-w-0 flex-col gap-2">
        <p
          className="whitespace-pre-wrap text-[13.5px] text-foreground leading-relaxed"
          data-testid="version-text"
        >
          {previous && !samePrompt(runs) ? <DiffRuns runs={runs} /> : version.prompt}
        </p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-[12px] text-muted">
          <span>{when(newest.createdAt)}</span>
          {newest.model ? <ModelLabel air={newest.model} /> : null}
          <span>
            {version.runs.length === 1 ? "ran once" : `ran ${version.runs.length} times`} · {total}{" "}
            {total === 1 ? "result" : "results"}
          </span>
          {newest.status === "error" ? <Badge>failed</Badge> : null}
          {newest.status === "cancelled" ? <Badge>cancelled</Badge> : null}
          {canGenerate ? (
            <ButtonLink
              href={recallHref({ taskUUID: newest.taskUUID, params: newest.params }, "prompt")}
              variant="ghost"
              size="sm"
              className="ml-auto"
              aria-label={`Use version ${number} in Create`}
            >
              <Wand2 aria-hidden />
              Use in Create
            </ButtonLink>
          ) : null}
        </div>
        {results.length > 0 ? (
          <ul aria-label={`Results of version ${number}`} className="flex flex-wrap gap-2">
            {results.map((r) => (
              <li key={r.id}>
                <Link
                  href={viewerUrl(r.id)}
                  className={cn(
                    "block size-16 overflow-hidden rounded-control border border-border bg-surface-sunken hover:border-border-strong",
                    focusRing,
                  )}
                >
                  {/* biome-ignore lint/performance/noImgElement: studio thumbnails are served by our own route. */}
                  <img
                    src={thumbUrl(r.id, 320)}
                    alt={`Result of version ${number}`}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
