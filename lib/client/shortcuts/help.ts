import { create } from "zustand";

interface ShortcutsHelpState {
  open: boolean;
  setOpen(open: boolean): void;
}

/** Whether the keyboard shortcuts list is open: "?" anywhere, or a page's keyboard button. */
export const useShortcutsHelp = create<ShortcutsHelpState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
