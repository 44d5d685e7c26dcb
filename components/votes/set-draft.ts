"use client";

import { useCallback, useEffect, useState } from "react";
import type { BallotFour } from "@/lib/studio/api/votes";
import { tiesOf } from "@/lib/studio/votes/set-answer";
import { useBallotKeys } from "./ballot-keys";

/** What a voter answers on a set for one criterion: an order (some maybe level), or none is good. */
export interface SetChoice {
  order: string[];
  ties: string[][];
  rejected: boolean;
}

/** A draft order: ids best first, and those placed at the same place as the one before them. */
interface Draft {
  order: string[];
  level: string[];
}

function draftOf(four: BallotFour, criterion: number): Draft {
  const order = four.ranks[criterion] ?? [];
  const level = (four.ties[criterion] ?? []).flatMap((group) =>
    [...group].sort((x, y) => order.indexOf(x) - order.indexOf(y)).slice(1),
  );
  return { order, level };
}

/** Each placed one's place (0 first): the one before's when level with it, else its own. */
function placesOf(d: Draft): number[] {
  const places: number[] = [];
  d.order.forEach((id, k) => {
    places.push(k > 0 && d.level.includes(id) ? (places[k - 1] as number) : k);
  });
  return places;
}

/**
 * A set's ballot as it is being answered: the criterion shown and its draft order, and what the
 * pictures, the buttons and the keys do to it.
 */
export function useSetDraft(
  four: BallotFour,
  busy: boolean,
  onRank: (choice: SetChoice, criterion: number) => void,
) {
  const firstOpen = four.ranks.indexOf(null);
  const [criterion, setCriterion] = useState(firstOpen === -1 ? 0 : firstOpen);
  const [draft, setDraft] = useState<Draft>(() => draftOf(four, criterion));

  // A new four, or an answer saved: on to the first criterion still to rank, its order blank.
  useEffect(() => {
    const open = four.ranks.indexOf(null);
    const next = open === -1 ? 0 : open;
    setCriterion(next);
    setDraft(draftOf(four, next));
  }, [four]);

  const place = useCallback(
    (slotId: string) =>
      setDraft((d) => {
        // Pressing a placed picture takes it back, and those placed after it.
        if (d.order.includes(slotId)) {
          const order = d.order.slice(0, d.order.indexOf(slotId));
          return { order, level: d.level.filter((id) => order.includes(id)) };
        }
        const order = [...d.order, slotId];
        // All but one placed: the last can only be last.
        if (order.length === four.slots.length - 1) {
          const rest = four.slots.find((s) => !order.includes(s.id));
          if (rest) order.push(rest.id);
        }
        return { order, level: d.level };
      }),
    [four.slots],
  );
  const toggleLevel = useCallback(
    (slotId: string) =>
      setDraft((d) =>
        d.order.indexOf(slotId) < 1
          ? d
          : {
              order: d.order,
              level: d.level.includes(slotId) ? d.level.filter((id) => id !== slotId) : [...d.level, slotId],
            },
      ),
    [],
  );
  const complete = draft.order.length === four.slots.length;
  const places = placesOf(draft);
  const save = useCallback(() => {
    if (!complete || busy) return;
    onRank({ order: draft.order, ties: tiesOf(draft.order, placesOf(draft)), rejected: false }, criterion);
  }, [complete, busy, onRank, draft, criterion]);
  const reject = useCallback(() => {
    if (!busy) onRank({ order: [], ties: [], rejected: true }, criterion);
  }, [busy, onRank, criterion]);
  const last = draft.order[draft.order.length - 1];
  // Read by the keys when one comes (useBallotKeys): a new object each render costs nothing.
  const keys = {
    place,
    save,
    reject,
    tieLast: () => {
      if (last) toggleLevel(last);
    },
    back: () =>
      setDraft((d) => {
        const order = d.order.slice(0, d.order.length === four.slots.length ? -2 : -1);
        return { order, level: d.level.filter((id) => order.includes(id)) };
      }),
  };
  useRankKeys(four.slots, keys);

  const show = useCallback(
    (c: number) => {
      setCriterion(c);
      setDraft(draftOf(four, c));
    },
    [four],
  );
  const clear = useCallback(() => setDraft({ order: [], level: [] }), []);
  return { criterion, show, draft, places, complete, place, toggleLevel, save, reject, clear };
}
/**
 * Keys of a set's ballot: 1 to n place the pictures by their place on screen, = puts the last
 * placed at the same place as the one before it (again: apart), Backspace takes the last back,
 * Enter saves, x says none of these is good.
 */
export function useRankKeys(
  slots: BallotFour["slots"],
  keys: { place(slotId: string): void; tieLast(): void; back(): void; save(): void; reject(): void },
) {
  useBallotKeys((e, target) => {
    const k = Number(e.key);
    if (Number.isInteger(k) && k >= 1 && k <= slots.length) {
      e.preventDefault();
      const slot = slots[k - 1];
      if (slot) keys.place(slot.id);
    } else if (e.key === "=") {
      e.preventDefault();
      keys.tieLast();
    } else if (e.key === "x" || e.key === "X") {
      e.preventDefault();
      keys.reject();
    } else if (e.key === "Backspace") {
      e.preventDefault();
      keys.back();
    } else if (e.key === "Enter" && !target?.closest("button")) {
      e.preventDefault();
      keys.save();
    }
  });
}
