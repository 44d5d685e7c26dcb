"use client";

import { Check, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { BallotFour } from "@/lib/studio/api/votes";

const PLACES = ["1st", "2nd", "3rd", "4th"];

/**
 * Four pictures (or three), blind, to order best to worst on each criterion in turn: press them (or
 * keys 1 to 4, by their place on screen) best first; the last one places itself; pressing a placed one takes
 * it back with those after it. Backspace takes the last back, Enter saves the order. A saved order can be changed until the vote is closed.
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
  onRank(order: string[], criterion: number): void;
}) {
  const count = Math.max(1, criteria.length);
  const firstOpen = four.ranks.indexOf(null);
  const [criterion, setCriterion] = useState(firstOpen === -1 ? 0 : firstOpen);
  const [draft, setDraft] = useState<string[]>(four.ranks[criterion] ?? []);

  // A new four, or an answer saved: on to the first criterion still to rank, its order blank.
  useEffect(() => {
    const open = four.ranks.indexOf(null);
    const next = open === -1 ? 0 : open;
    setCriterion(next);
    setDraft(four.ranks[next] ?? []);
  }, [four]);

  const place = useCallback(
    (slotId: string) =>
      setDraft((d) => {
        // Pressing a placed picture takes it back, and those placed after it.
        if (d.includes(slotId)) return d.slice(0, d.indexOf(slotId));
        const next = [...d, slotId];
        // All but one placed: the last can only be last.
        if (next.length === four.slots.length - 1) {
          const rest = four.slots.find((s) => !next.includes(s.id));
          if (rest) next.push(rest.id);
        }
        return next;
      }),
    [four.slots],
  );
  const complete = draft.length === four.slots.length;
  const save = useCallback(() => {
    if (complete && !busy) onRank(draft, criterion);
  }, [complete, busy, onRank, draft, criterion]);

  useRankKeys(four.slots, place, setDraft, save);

  return (
    <div className="flex flex-col gap-4">
      {criteria.length > 0 ? (
        <div role="tablist" aria-label="Criterion to rank on" className="flex flex-wrap gap-2">
          {criteria.map((name, c) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={c === criterion}
              onClick={() => {
                setCriterion(c);
                setDraft(four.ranks[c] ?? []);
              }}
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
        press the best first, then the next; the last places itself.
      </p>
      <ol
        aria-label="Pictures to rank"
        className={cn(
          "grid grid-cols-2 gap-3",
          four.slots.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4",
        )}
      >
        {four.slots.map((slot, k) => {
          const at = draft.indexOf(slot.id);
          return (
            <li key={slot.id} className="flex min-w-0 flex-col items-center gap-2">
              <button
                type="button"
                aria-label={`Picture ${k + 1}${at === -1 ? "" : `, ranked ${PLACES[at]}`}`}
                aria-pressed={at !== -1}
                onClick={() => place(slot.id)}
                className={cn(
                  "relative grid w-full place-items-center overflow-hidden rounded-panel border-2 bg-surface-sunken p-1 transition-colors",
                  at !== -1 ? "border-accent shadow-glow" : "border-transparent hover:border-border-strong",
                )}
              >
                {slot.media.kind === "video" ? (
                  <video
                    src={slot.media.url}
                    autoPlay
                    muted
                    loop
                    playsInline
                    className="max-h-[34dvh] w-auto max-w-full"
                  />
                ) : (
                  // biome-ignore lint/performance/noImgElement: studio media, sized by the studio
                  <img
                    src={slot.media.url}
                    alt={`Candidate ${k + 1}`}
                    width={slot.media.width}
                    height={slot.media.height}
                    className="max-h-[34dvh] w-auto max-w-full object-contain"
                  />
                )}
                {at !== -1 ? (
                  <span className="absolute top-2 left-2 grid size-8 place-items-center rounded-full bg-accent font-semibold text-[14px] text-white shadow">
                    {at + 1}
                  </span>
                ) : null}
              </button>
              <span className="text-[12px] text-muted tabular-nums">
                Picture {k + 1}
                {at === -1 ? "" : ` · ${PLACES[at]}`}
              </span>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="ghost" disabled={draft.length === 0} onClick={() => setDraft([])}>
          <RotateCcw aria-hidden /> Start over
        </Button>
        <Button variant="primary" disabled={!complete || busy} onClick={save}>
          <Check aria-hidden /> Save this order{count > 1 ? ` for ${criteria[criterion]}` : ""}
        </Button>
      </div>
      <KeysHint count={four.slots.length} />
    </div>
  );
}

function KeysHint({ count }: { count: number }) {
  return (
    <p className="text-center text-[12px] text-muted-subtle">
      Keys: <kbd className="font-mono">1</kbd>–<kbd className="font-mono">{count}</kbd> place the pictures in
      order · <kbd className="font-mono">Backspace</kbd> takes the last back ·{" "}
      <kbd className="font-mono">Enter</kbd> saves. Which is which stays hidden until the vote is closed.
    </p>
  );
}

/** Keys 1 to n place the pictures by their place on screen, Backspace takes the last back, Enter saves. */
function useRankKeys(
  slots: BallotFour["slots"],
  place: (slotId: string) => void,
  setDraft: (update: (d: string[]) => string[]) => void,
  save: () => void,
) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, select")) return;
      const k = Number(e.key);
      if (Number.isInteger(k) && k >= 1 && k <= slots.length) {
        e.preventDefault();
        const slot = slots[k - 1];
        if (slot) place(slot.id);
      } else if (e.key === "Backspace") {
        e.preventDefault();
        setDraft((d) => d.slice(0, d.length === slots.length ? -2 : -1));
      } else if (e.key === "Enter" && !target?.closest("button")) {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [slots, place, setDraft, save]);
}
