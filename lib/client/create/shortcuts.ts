/** The Create screens' keyboard shortcuts, as the help dialog lists them. */
export const SHORTCUTS = [
  { keys: ["Mod", "Enter"], action: "Generate" },
  { keys: ["?"], action: "Show these shortcuts" },
  { keys: ["Mod", "Shift", "R"], action: "Reset the form to its defaults" },
  { keys: ["Alt", "S"], action: "New random seed" },
  { keys: ["Q"], action: "Open the queue" },
] as const;

/** Whether a key press happened while typing, where single-key shortcuts must not fire. */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof target !== "object" || !("tagName" in target)) return false;
  const el = target as { tagName: string; isContentEditable?: boolean; type?: string };
  if (el.isContentEditable) return true;
  if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  return el.tagName === "INPUT" && !["checkbox", "radio", "button", "range"].includes(el.type ?? "");
}

/** Ctrl on Windows and Linux, Cmd on a Mac. */
export function isMod(e: { ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.ctrlKey || e.metaKey;
}
