"use client";

import { ImageOff } from "lucide-react";
import { cn, focusRing } from "@/components/ui/cn";
import Link from "@/components/ui/link";
import type { RegressionRow } from "@/lib/studio/api/eval-set-regression";
import { downloadUrl, thumbUrl, viewerUrl } from "@/lib/studio/api/gallery-urls";
import { VERDICT_WORDS, type Verdict } from "@/lib/studio/eval-sets/regression";
import { ratingWords } from "./types";

const VERDICT_TONES: Record<Verdict, string> = {
  better: "border-success/40 bg-success/10 text-success-fg",
  worse: "border-danger/40 bg-danger/10 text-danger-fg",
  same: "border-border-strong bg-panel-raised text-foreground",
  notEnough: "border-border border-dashed bg-transparent text-muted",
};

const percent = (x: number) => `${Math.round(x * 100)}%`;

/** "Preferred in 9 of 10 votes (1 can't tell) · 87% chance it is better, 95% interval 62–97%". */
export function preferenceWords(p: RegressionRow["preference"]): string {
  if (!p) return "No blind votes on these two yet";
  const ties = p.ties > 0 ? `, ${p.ties} can't tell` : "";
  const votes = `Preferred in ${p.runWins} of ${p.votes} ${p.votes === 1 ? "vote" : "votes"}${ties}`;
  if (p.low === null || p.high === null) return votes;
  return `${votes} · ${percent(p.chance)} chance it is better (95% interval ${percent(p.low)}–${percent(p.high)})`;
}

/** "Rating +2.5 (2.0 → 4.5)", or why there is none. */
export function ratingChangeWords(row: RegressionRow): string {
  const b = row.baseline?.item;
  const r = row.run?.item;
  if (!b || !r) return "No rating change: a result is missing";
  if (row.ratingChange === null) {
    if (b.ratingCount === 0 && r.ratingCount === 0) return "Neither result is rated yet";
    return `Rating: ${ratingWords(b.ratingAvg, b.ratingCount)} → ${ratingWords(r.ratingAvg, r.ratingCount)}`;
  }
  const sign = row.ratingChange > 0 ? "+" : row.ratingChange < 0 ? "−" : "±";
  return `Rating ${sign}${Math.abs(row.ratingChange).toFixed(1)} (${(b.ratingAvg ?? 0).toFixed(1)} → ${(r.ratingAvg ?? 0).toFixed(1)})`;
}

/** One case: its prompt, the baseline's result and the run's side by side, and what changed. */
export function RegressionCaseRow({ row, runLabel }: { row: RegressionRow; runLabel: string }) {
  return (
    <tr data-testid="regression-row" data-verdict={row.verdict} className="align-top">
      <th scope="row" className="w-60 px-4 py-3 font-normal">
        <span className="block text-[13px] text-foreground leading-snug">
          <span className="mr-1.5 text-muted-subtle">{row.index + 1}.</span>
          {row.prompt}
        </span>
        <span className="mt-1 block font-mono text-[11.5px] text-muted-subtle">seed {row.seed}</span>
        {row.negativePrompt ? (
          <span className="mt-0.5 block text-[11.5px] text-muted-subtle">not: {row.negativePrompt}</span>
        ) : null}
      </th>
      <td className="px-3 py-3">
        <Media result={row.baseline} label={`Case ${row.index + 1} in the baseline`} />
      </td>
      <td className="px-3 py-3">
        <Media result={row.run} label={`Case ${row.index + 1} in ${runLabel}`} />
      </td>
      <td className="px-4 py-3">
        <span
          data-testid="verdict"
          className={cn(
            "inline-flex items-center rounded-full border px-2.5 py-0.5 font-medium text-[12px]",
            VERDICT_TONES[row.verdict],
          )}
        >
          {VERDICT_WORDS[row.verdict]}
        </span>
        <p className="mt-2 text-[12.5px] text-foreground leading-snug" data-testid="preference">
          {preferenceWords(row.preference)}
        </p>
        <p className="mt-1 text-[12px] text-muted" data-testid="rating-change">
          {ratingChangeWords(row)}
        </p>
      </td>
    </tr>
  );
}

function Media({ result, label }: { result: RegressionRow["run"]; label: string }) {
  const box =
    "grid aspect-square w-40 place-items-center gap-1 rounded-control border border-border border-dashed bg-surface-sunken p-3 text-center text-[12px] text-muted";
  const item = result?.item;
  if (!item) {
    const why = !result
      ? "Not in this run"
      : result.status === "error" || result.status === "refused"
        ? (result.errors[0] ?? "Failed")
        : "Not made yet";
    return (
      <div className={box} data-testid="no-result">
        <span className="flex flex-col items-center gap-1">
          <ImageOff aria-hidden className="size-5 text-muted-subtle" />
          <span className="font-medium text-foreground">No result</span>
          <span>{why}</span>
        </span>
      </div>
    );
  }
  const frame = cn(
    "block w-40 overflow-hidden rounded-control border border-border hover:border-border-strong",
    focusRing,
  );
  if (item.kind === "video") {
    return (
      <div className="flex w-40 flex-col gap-1" data-testid="result-media">
        <video
          src={downloadUrl(item.id)}
          poster={thumbUrl(item.id, 320)}
          aria-label={label}
          controls
          muted
          preload="none"
          playsInline
          className="aspect-square w-40 rounded-control border border-border bg-black object-cover"
        />
        <Link href={viewerUrl(item.id)} className="text-[12px] text-accent-fg hover:underline">
          Open the video
        </Link>
      </div>
    );
  }
  return (
    <Link href={viewerUrl(item.id)} className={frame} data-testid="result-media">
      {/* biome-ignore lint/performance/noImgElement: studio thumbnails are served by our own route. */}
      <img
        src={thumbUrl(item.id, 320)}
        alt={label}
        loading="lazy"
        className="aspect-square w-full object-cover"
      />
    </Link>
  );
}
