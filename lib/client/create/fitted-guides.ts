import { create } from "zustand";

interface FittedGuidesState {
  /** Fitted guide id → the guide it was fitted from. */
  from: Readonly<Record<string, string>>;
  record(fitted: string, original: string): void;
}

/**
 * Which guides are fitted copies of which ("Fit guide" uploads a new image): a guide made from a
 * photo still reads as in use once its fitted copy replaces it in the unit.
 */
export const useFittedGuides = create<FittedGuidesState>()((set) => ({
  from: {},
  record: (fitted, original) => set((s) => ({ from: { ...s.from, [fitted]: s.from[original] ?? original } })),
}));
