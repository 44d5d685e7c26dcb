/**
 * The canvas's settings as a draft, as the Create forms keep theirs: every change is kept (with
 * the canvas), "Reset" sets them back to the defaults and "Restore" brings back what it replaced,
 * and a teammate's setup opens in place of the member's own until they change something.
 */
import type { CanvasSettings, SetAside } from "./canvas-persist";

interface SettingsState {
  settings: CanvasSettings;
  setAside: SetAside | null;
}

type Set<S extends SettingsState> = (fn: (s: S) => Partial<S>) => void;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function settingsActions<S extends SettingsState>(set: Set<S>, defaults: CanvasSettings) {
  return {
    // A change makes what is on screen the member's own: nothing is left to restore.
    setSettings: (patch: Partial<CanvasSettings>) =>
      set((s) => {
        const settings = { ...s.settings, ...patch };
        if (same(settings, s.settings)) return {};
        return { settings, setAside: null } as Partial<S>;
      }),
    resetSettings: () =>
      set(
        (s) =>
          ({
            settings: { ...defaults },
            setAside: { why: "reset", settings: s.setAside?.settings ?? s.settings, author: null },
          }) as Partial<S>,
      ),
    openSetup: (settings: CanvasSettings, author: string | null) =>
      set(
        (s) =>
          ({
            settings,
            // The member's own settings, not an earlier setup's, are what Restore brings back.
            setAside: { why: "setup", settings: s.setAside?.settings ?? s.settings, author },
          }) as Partial<S>,
      ),
    restoreSettings: () =>
      set((s) => (s.setAside ? ({ settings: s.setAside.settings, setAside: null } as Partial<S>) : {})),
  };
}
