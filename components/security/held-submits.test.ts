// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HOLD_SUBMITS_SCRIPT } from "./held-submits";

/** A sign-in form as the server sends it: named fields and a submit button. */
function signInForm() {
  document.body.innerHTML = `
    <form id="sign-in">
      <input name="email" value="ada@studio.test">
      <input name="password" type="password" value="analytical engine">
      <button type="submit" id="send">Sign in</button>
    </form>
    <form id="other"><button type="submit">Other</button></form>`;
  const form = document.getElementById("sign-in") as HTMLFormElement;
  const button = document.getElementById("send") as HTMLButtonElement;
  return { form, button };
}

/** A press of `button`, or Enter in a field (no submitter), as the browser dispatches it. */
function press(form: HTMLFormElement, button: HTMLElement | null = null): Event {
  const event = new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: button });
  form.dispatchEvent(event);
  return event;
}

describe("held submits", () => {
  /** What the form's own handler was given, once the page has hydrated (React listens on the document). */
  let handled: { form: EventTarget | null; submitter: HTMLElement | null }[];
  let hydrated: boolean;
  const handler = (event: Event) => {
    if (!hydrated) return;
    event.preventDefault();
    handled.push({ form: event.target, submitter: (event as SubmitEvent).submitter });
  };
  /** The presses the script made again, and the browser's own sending of each unheld one. */
  let requested: { form: HTMLFormElement; submitter: HTMLElement | null | undefined }[];

  beforeAll(() => {
    // The inline script runs from its text, as the page runs it, not as this module's function.
    new Function(HOLD_SUBMITS_SCRIPT)();
  });

  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(window.__heldSubmits ?? {}, { held: null, tries: 0, replaying: false, timer: null });
    handled = [];
    hydrated = false;
    document.addEventListener("submit", handler);
    requested = [];
    vi.spyOn(HTMLFormElement.prototype, "requestSubmit").mockImplementation(function (
      this: HTMLFormElement,
      submitter?: HTMLElement | null,
    ) {
      requested.push({ form: this, submitter });
      press(this, submitter ?? null);
    });
  });

  afterEach(() => {
    document.removeEventListener("submit", handler);
    vi.clearAllTimers();
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.body.innerHTML = "";
  });

  it("holds a press the page cannot answer yet: the browser does not send the form", () => {
    const { form, button } = signInForm();
    const event = press(form, button);
    expect(event.defaultPrevented).toBe(true);
    expect(window.__heldSubmits?.held).toEqual({ form, submitter: button });
  });

  it("makes it again until the form's handler answers, by the same button", () => {
    const { form, button } = signInForm();
    press(form, button);
    vi.advanceTimersByTime(100);
    vi.advanceTimersByTime(200);
    expect(requested).toHaveLength(2);
    expect(handled).toEqual([]);
    hydrated = true;
    vi.advanceTimersByTime(400);
    expect(handled).toEqual([{ form, submitter: button }]);
    expect(window.__heldSubmits?.held).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(handled).toHaveLength(1);
  });

  it("makes Enter in a field again without a button", () => {
    const { form } = signInForm();
    press(form);
    hydrated = true;
    vi.advanceTimersByTime(100);
    expect(handled).toEqual([{ form, submitter: null }]);
  });

  it("leaves a press the page answers alone", () => {
    const { form, button } = signInForm();
    hydrated = true;
    const event = press(form, button);
    expect(event.defaultPrevented).toBe(true);
    expect(handled).toHaveLength(1);
    expect(window.__heldSubmits?.held).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(requested).toEqual([]);
  });

  it("keeps the last of several presses, and answers it once", () => {
    const { form, button } = signInForm();
    const other = document.getElementById("other") as HTMLFormElement;
    press(form, button);
    press(other);
    hydrated = true;
    vi.advanceTimersByTime(60_000);
    expect(handled).toEqual([{ form: other, submitter: null }]);
  });

  it("drops a press whose form left the page, and sends without a button that can no longer", () => {
    const { form, button } = signInForm();
    press(form, button);
    form.remove();
    hydrated = true;
    vi.advanceTimersByTime(60_000);
    expect(handled).toEqual([]);

    hydrated = false;
    const again = signInForm();
    press(again.form, again.button);
    again.button.disabled = true;
    hydrated = true;
    vi.advanceTimersByTime(100);
    expect(handled).toEqual([{ form: again.form, submitter: null }]);
  });

  it("gives up after twenty tries over about half a minute, the press still held", () => {
    const { form, button } = signInForm();
    press(form, button);
    vi.advanceTimersByTime(20_000);
    expect(requested.length).toBeLessThan(20);
    vi.advanceTimersByTime(20_000);
    expect(requested).toHaveLength(20);
    vi.advanceTimersByTime(600_000);
    expect(requested).toHaveLength(20);
    expect(handled).toEqual([]);
    // A new press starts its own tries.
    press(form, button);
    hydrated = true;
    vi.advanceTimersByTime(100);
    expect(handled).toEqual([{ form, submitter: button }]);
  });

  it("installs once, however often the script runs", () => {
    const first = window.__heldSubmits;
    new Function(HOLD_SUBMITS_SCRIPT)();
    expect(window.__heldSubmits).toBe(first);
  });
});
