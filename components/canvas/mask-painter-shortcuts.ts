import { type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { type PainterAction, resolveShortcut } from "@/lib/client/canvas/mask-shortcuts";

/** Where typed characters belong to the field: never take keys from these. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Controls that Space activates: holding Space to pan must not steal their click. */
function isSpaceActivated(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.closest("button, a[href], summary, [role='button'], [role='slider'], [role='checkbox']") !== null
  );
}

interface ShortcutHandlers {
  onAction(action: PainterAction): void;
  /** Space held down or released: a temporary hand tool. */
  onSpace(held: boolean): void;
}

/**
 * The painter's keyboard shortcuts, live only while focus is inside the painter or the pointer
 * is over it, and never while the user types in a field, so the prompt box next to the painter
 * keeps its own Ctrl+Z and brackets.
 */
export function useMaskPainterShortcuts(rootRef: RefObject<HTMLElement | null>, handlers: ShortcutHandlers) {
  const handlersRef = useRef(handlers);
  useLayoutEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let pointerOver = false;
    const enter = () => {
      pointerOver = true;
    };
    const leave = () => {
      pointerOver = false;
    };
    const engaged = () => pointerOver || root.contains(document.activeElement);

    const keyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || !engaged() || isTextEntry(event.target)) return;
      if (event.key === " " && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (isSpaceActivated(event.target)) return;
        // Also stops the page from scrolling while Space is held over the stage.
        event.preventDefault();
        if (!event.repeat) handlersRef.current.onSpace(true);
        return;
      }
      const action = resolveShortcut(event);
      if (!action) return;
      event.preventDefault();
      handlersRef.current.onAction(action);
    };
    // Released anywhere, even outside the painter, so the hand tool cannot get stuck on.
    const keyUp = (event: KeyboardEvent) => {
      if (event.key === " ") handlersRef.current.onSpace(false);
    };
    const blur = () => handlersRef.current.onSpace(false);

    root.addEventListener("pointerenter", enter);
    root.addEventListener("pointerleave", leave);
    window.addEventListener("keydown", keyDown);
    window.addEventListener("keyup", keyUp);
    window.addEventListener("blur", blur);
    return () => {
      root.removeEventListener("pointerenter", enter);
      root.removeEventListener("pointerleave", leave);
      window.removeEventListener("keydown", keyDown);
      window.removeEventListener("keyup", keyUp);
      window.removeEventListener("blur", blur);
    };
  }, [rootRef]);
}
