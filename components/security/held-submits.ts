/**
 * A form pressed before its page's scripts have run is sent by the browser itself: a GET to the
 * page with every named field in the address (a sign-in's password too, kept in the history and in
 * the server's logs), and the page reloaded empty. Every form of the studio is sent by its own
 * handler, which takes the submit event (`preventDefault`); so a submit that reaches the window with
 * nobody having taken it is one the page could not answer yet: its scripts have not run, or React
 * has not hydrated that part of the page. An inline script at the top of the body holds such a press
 * and makes it again, until the form's handler answers it.
 */

/** The held press: the form and the button that sent it (none for Enter in a field). */
export interface HeldSubmit {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** The inline script's state, on `window`. */
export interface HeldSubmits {
  held: HeldSubmit | null;
  /** Presses made again for the held one so far. */
  tries: number;
  /** A press being made again now (its submit is not a new press). */
  replaying: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

declare global {
  interface Window {
    __heldSubmits?: HeldSubmits;
  }
}

/**
 * Runs inline, before any form is parsed: its source is the script, so it refers to nothing outside
 * itself. Listens on the window as the event bubbles, after the page's own handlers, which listen
 * on the document once React has hydrated.
 */
export function holdSubmits(): void {
  if (window.__heldSubmits) return;
  const state: HeldSubmits = { held: null, tries: 0, replaying: false, timer: null };
  window.__heldSubmits = state;
  // Tries for one press: 0.1 s after it, then twice as long each time up to 2 s, about 30 s in all.
  const tries = 20;
  const again = () => {
    state.timer = null;
    const held = state.held;
    state.held = null;
    if (!held?.form.isConnected) return;
    const button = held.submitter;
    const sameButton =
      (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) &&
      button.isConnected &&
      button.form === held.form &&
      !button.disabled;
    state.tries += 1;
    state.replaying = true;
    try {
      held.form.requestSubmit(sameButton ? button : null);
    } finally {
      state.replaying = false;
    }
  };
  window.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    if (!state.replaying) state.tries = 0;
    state.held = { form: event.target, submitter: (event as SubmitEvent).submitter };
    if (state.timer === null && state.tries < tries)
      state.timer = setTimeout(again, Math.min(2000, 100 * 2 ** state.tries));
  });
}

/** The inline script's text. */
export const HOLD_SUBMITS_SCRIPT = `(${holdSubmits.toString()})();`;
