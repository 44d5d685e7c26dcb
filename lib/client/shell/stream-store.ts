"use client";

import { create } from "zustand";

export type StreamState = "connecting" | "live" | "reconnecting";

/** The relay connection's state, for the top bar's indicator. */
export const useStreamStore = create<{ state: StreamState; set(state: StreamState): void }>((set) => ({
  state: "connecting",
  set: (state) => set({ state }),
}));
