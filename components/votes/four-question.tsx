"use client";

import { Ban, Check, Equal, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { LoopingVideo } from "@/components/ui/looping-video";
import type { BallotFour } from "@/lib/studio/api/votes";
import { type SetChoice, useSetDraft } from "./set-draft";

export type { SetChoice };

const PLACES = ["1st", "2nd", "3rd", "4th"];

/**
 * Four pictures (or three), blind, to order best to worst on each criterion in turn: press them (or
 * keys 1 to 4, by their place on screen) best first; the last one places itself; pressing a placed
 * one takes it back with those after it. "As good as" under a placed picture (or =, for the last
 * placed) puts it at the same place as the one before it. "None of these is good" (x) rejects the
 * set instead of ordering it. Backspace takes the last back, Enter saves the order. A saved answer
 * can be changed until the vote is closed.
 */
export function FourQuestion({
  four,
  criteria,
  busy,
  onRank,
}: {
  four: BallotFour;
  criteria: readonly string[];
  busy: boolean;
  onRank(choice: SetChoice, criterion: number): void;
}) {
  const count = Math.max(1, criteria.length);
  const { criterion, show, draft, places, complete, place, toggleLevel, save, reject, clear } = useSetDraft(
    four,
    busy,
    onRank,
  );
  const numberOf = (slotId: string | undefined) => four.slots.findIndex((s) => s.id === slotId) + 1;
  const rejectedNow = four.rejected[criterion] === true;

  return (
    <div className="flex flex-col gap-3">
      {criteria.length > 0 ? (
        <div role="tablist" aria-label="Criterion to rank on" className="flex flex-wrap gap-2">
          {criteria.map((name, c) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={c === criterion}
              onClick={() => show(c)}
              className={cn(
                "flex items-center gap-1.5 rounded-full border px-3 py-1 text-[13px]",
                c === criterion ? "border-accent bg-accent/10 text-foreground" : "border-border text-muted",
              )}
            >
              {four.ranks[c] ? <Check aria-hidden className="size-3.5 text-success-fg" /> : null}
              {name}
            </button>
          ))}
        </div>
      ) : null}
      <p className="text-[13px] text-muted">
        {criteria.length > 0 ? (
          <>
            Order by <span className="font-medium text-foreground">{criteria[criterion]}</span>:{" "}
          </>
        ) : null}
        press the best first, then the next; the last places itself. Two as good? Press “As good as” under the
        second.
      </p>
      {rejectedNow ? (
        <p role="status" className="text-[13px] text-danger-fg">
          You said none of these is good{criteria.length > 0 ? ` for ${criteria[criterion]}` : ""}. Order them
          to change that.
        </p>
      ) : null}
      <ol
        aria-label="Pictures to rank"
        className={cn(
          "grid grid-cols-2 gap-3",
          four.slots.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4",
        )}
      >
        {four.slots.map((slot, k) => (
          <SetSlot
            key={slot.id}
            slot={slot}
            number={k + 1}
            at={draft.order.indexOf(slot.id)}
            places={places}
            level={draft.level.includes(slot.id)}
            before={numberOf(draft.order[draft.order.indexOf(slot.id) - 1])}
            onPlace={() => place(slot.id)}
            onLevel={() => toggleLevel(slot.id)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="ghost" disabled={draft.order.length === 0} onClick={clear}>
          <RotateCcw aria-hidden /> Start over
        </Button>
        <Button
          variant={rejectedNow ? "primary" : "ghost"}
          aria-pressed={rejectedNow}
          disabled={busy}
          onClick={reject}
        >
          <Ban aria-hidden /> None of these is good
        </Button>
        <Button variant="primary" disabled={!complete || busy} onClick={save}>
          <Check aria-hidden /> Save this order{count > 1 ? ` for ${criteria[criterion]}` : ""}
        </Button>
      </div>
      <KeysHint count={four.slots.length} />
    </div>
  );
}

/** One picture of the set: pressed to place it (or take it back), and, once placed after another, "As good as" that one. */
function SetSlot({
  slot,
  number,
  at,
  places,
  level,
  before,
  onPlace,
  onLevel,
}: {
  slot: BallotFour["slots"][number];
  number: number;
  /** Where it stands in the draft order, -1 when not placed. */
  at: number;
  places: readonly number[];
  level: boolean;
  /** The on-screen number of the one placed just before it, 0 when none. */
  before: number;
  onPlace(): void;
  onLevel(): void;
}) {
  const placeAt = at === -1 ? -1 : (places[at] as number);
  const shared = at !== -1 && (places[at - 1] === placeAt || places[at + 1] === placeAt);
  const placed = at === -1 ? "" : `, ranked ${PLACES[placeAt]}${shared ? ", tied" : ""}`;
  return (
    <li className="flex min-w-0 flex-col items-center gap-1.5">
      <button
        type="button"
        aria-label={`Picture ${number}${placed}`}
        aria-pressed={at !== -1}
        onClick={onPlace}
        className={cn(
          "relative grid w-full place-items-center overflow-hidden rounded-panel border-2 bg-surface-sunken p-1 transition-colors",
          at !== -1 ? "border-accent shadow-glow" : "border-transparent hover:border-border-strong",
        )}
      >
        {slot.media.kind === "video" ? (
          <LoopingVideo src={slot.media.url} className="max-h-[30dvh] w-auto max-w-full" />
        ) : (
          // biome-ignore lint/performance/noImgElement: studio media, sized by the studio
          <img
            src={slot.media.url}
            alt={`Candidate ${number}`}
            width={slot.media.width}
            height={slot.media.height}
            className="max-h-[30dvh] w-auto max-w-full object-contain"
          />
        )}
        {at !== -1 ? (
          <span className="absolute top-2 left-2 grid size-8 place-items-center rounded-full bg-accent font-semibold text-[14px] text-white shadow">
            {placeAt + 1}
          </span>
        ) : null}
      </button>
      <span className="text-[12px] text-muted tabular-nums">
        Picture {number}
        {at === -1 ? "" : ` · ${PLACES[placeAt]}${shared ? ", tied" : ""}`}
      </span>
      {at > 0 ? (
        <button
          type="button"
          aria-pressed={level}
          onClick={onLevel}
          className={cn(
            "flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-[12px]",
            level
              ? "border-accent bg-accent/10 text-foreground"
              : "border-border text-muted hover:border-border-strong",
          )}
        >
          <Equal aria-hidden className="size-3.5" /> As good as Picture {before}
        </button>
      ) : null}
    </li>
  );
}

function KeysHint({ count }: { count: number }) {
  return (
    <p className="text-center text-[12px] text-muted-subtle">
      Keys: <kbd className="font-mono">1</kbd>–<kbd className="font-mono">{count}</kbd> place the pictures in
      order · <kbd className="font-mono">=</kbd> the last placed as good as the one before ·{" "}
      <kbd className="font-mono">Backspace</kbd> takes the last back · <kbd className="font-mono">Enter</kbd>{" "}
      saves · <kbd className="font-mono">x</kbd> none of these is good. Which is which stays hidden until the
      vote is closed.
    </p>
  );
}
