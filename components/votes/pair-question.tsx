"use client";

import { Ban, ChevronLeft, ChevronRight, Equal } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { BallotPair } from "@/lib/studio/api/votes";
import type { BallotPick } from "@/lib/studio/votes/input";
import { useBallotKeys } from "./ballot-keys";
import { Side } from "./ballot-side";

const CHOICES: { pick: BallotPick; word: string }[] = [
  { pick: "left", word: "Left" },
  { pick: "tie", word: "Tie" },
  { pick: "bad", word: "Both bad" },
  { pick: "right", word: "Right" },
];

/** The criterion a key or a click on a picture answers: the first not answered yet, else the last. */
export const currentCriterion = (picks: readonly (BallotPick | null)[]): number => {
  const open = picks.indexOf(null);
  return open === -1 ? Math.max(0, picks.length - 1) : open;
};

/**
 * One pair, blind. Without criteria: "Left is better", "Right is better", Tie and Both bad. With
 * criteria: one row of those four choices per criterion, the one a key or a click on a picture
 * answers lit. Keys: ← or 1 left, → or 2 right, = tie, x both bad.
 */
export function PairQuestion({
  pair,
  criteria,
  shown,
  onPick,
}: {
  pair: BallotPair;
  criteria: readonly string[];
  /** Each criterion's answer as shown (a pending one in place of the stored). */
  shown: readonly (BallotPick | null)[];
  onPick(pick: BallotPick, criterion: number): void;
}) {
  const current = currentCriterion(shown);
  useBallotKeys((e) => {
    const choice: BallotPick | null =
      e.key === "ArrowLeft" || e.key === "1"
        ? "left"
        : e.key === "ArrowRight" || e.key === "2"
          ? "right"
          : e.key === "="
            ? "tie"
            : e.key === "x" || e.key === "X"
              ? "bad"
              : null;
    if (!choice) return;
    e.preventDefault();
    onPick(choice, current);
  });

  const single = criteria.length === 0;
  const first = shown[0] ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-stretch gap-4 sm:flex-row sm:items-start">
        <Side
          media={pair.left}
          side="left"
          chosen={single && first === "left"}
          button={single}
          onPick={() => onPick("left", current)}
        />
        {single ? (
          <div className="flex shrink-0 flex-col items-center justify-center gap-2 self-center">
            <Button
              variant={first === "tie" ? "primary" : "ghost"}
              aria-pressed={first === "tie"}
              onClick={() => onPick("tie", 0)}
            >
              <Equal aria-hidden /> Tie
            </Button>
            <Button
              variant={first === "bad" ? "primary" : "ghost"}
              aria-pressed={first === "bad"}
              onClick={() => onPick("bad", 0)}
            >
              <Ban aria-hidden /> Both bad
            </Button>
          </div>
        ) : null}
        <Side
          media={pair.right}
          side="right"
          chosen={single && first === "right"}
          button={single}
          onPick={() => onPick("right", current)}
        />
      </div>
      {single ? null : (
        <ul aria-label="Criteria" className="mx-auto flex w-full max-w-3xl flex-col gap-2">
          {criteria.map((name, c) => (
            <li
              key={name}
              aria-label={name}
              aria-current={c === current ? "step" : undefined}
              className={cn(
                "flex flex-wrap items-center justify-between gap-2 rounded-control border px-3 py-2",
                c === current ? "border-accent/60 bg-accent/5" : "border-border",
              )}
            >
              <span className="font-medium text-[13px] text-foreground">{name}</span>
              <span className="flex flex-wrap gap-1">
                {CHOICES.map(({ pick, word }) => (
                  <Button
                    key={pick}
                    size="sm"
                    variant={shown[c] === pick ? "primary" : "secondary"}
                    aria-pressed={shown[c] === pick}
                    onClick={() => onPick(pick, c)}
                  >
                    {pick === "left" ? <ChevronLeft aria-hidden /> : null}
                    {word}
                    {pick === "right" ? <ChevronRight aria-hidden /> : null}
                  </Button>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="text-center text-[12px] text-muted-subtle">
        Keys: <kbd className="font-mono">←</kbd> or <kbd className="font-mono">1</kbd> left ·{" "}
        <kbd className="font-mono">→</kbd> or <kbd className="font-mono">2</kbd> right ·{" "}
        <kbd className="font-mono">=</kbd> tie · <kbd className="font-mono">x</kbd> both bad
        {single ? "" : ", for the criterion lit"}. Which is which stays hidden until the vote is closed.
      </p>
    </div>
  );
}
