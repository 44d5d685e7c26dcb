"use client";

import { createContext, type ReactNode, useContext, useRef, useState } from "react";
import { useFormContext } from "react-hook-form";

/**
 * A row the person has just added to a list (a LoRA, an IP-adapter, a ControlNet unit) starts
 * empty, and after a first send react-hook-form validates it at once: a blank row would greet its
 * author with "Required." before they typed anything. Fields inside an added row therefore keep
 * their errors to themselves until they are touched or the form is sent again. Rows that were
 * already there (a draft, a recalled task) are not quieted: their errors show as usual.
 */
const QuietSince = createContext<number | null>(null);

/** The submit count at which the enclosing added row appeared, or null outside one. */
export function useQuietSince(): number | null {
  return useContext(QuietSince);
}

/** Wraps one row of a list; `added` says the person added it with the list's Add button. */
export function AddedRow({ added, children }: { added: boolean; children: ReactNode }) {
  const {
    formState: { submitCount },
  } = useFormContext();
  const [since] = useState(submitCount);
  return (
    <QuietSince.Provider value={added && submitCount === since ? since : null}>
      {children}
    </QuietSince.Provider>
  );
}

/**
 * Which rows of a `useFieldArray` list were added by `add` (rather than loaded by a reset): call
 * `willAdd()` just before appending, and ask `isAdded(field.id)` while rendering.
 */
export function useAddedRows(fields: readonly { id: string }[]) {
  const known = useRef<Set<string> | null>(null);
  const added = useRef(new Set<string>());
  const adding = useRef(false);
  if (known.current === null) known.current = new Set(fields.map((f) => f.id));
  let grew = false;
  for (const f of fields) {
    if (known.current.has(f.id)) continue;
    known.current.add(f.id);
    if (adding.current) added.current.add(f.id);
    grew = true;
  }
  if (grew) adding.current = false;
  return {
    willAdd() {
      adding.current = true;
    },
    isAdded(id: string) {
      return added.current.has(id);
    },
  };
}
