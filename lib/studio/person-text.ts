import { z } from "zod";

/**
 * What a person types, as every declaration takes it. A name or a title is one line: a line break
 * in a member's name becomes a header in the email that names them ("Eve\r\nBcc: ..."), and a
 * direction override shows another name than the one stored ("Eve\u202Egnp.exe"). So a name that
 * holds a control character (C0, DEL, C1) or a bidirectional embedding, override or isolate
 * (U+202A-U+202E, U+2066-U+2069) is refused, naming its field. Longer text (a comment, a prompt,
 * a description) keeps its line breaks and tabs and loses the other controls.
 *
 * Each declaration starts from one of these and adds its own bounds and messages:
 * `oneLineText().trim().min(1, "A board needs a name.").max(80)`.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
const NOT_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const NOT_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export const ONE_LINE_MESSAGE =
  "One line of text only: no line breaks, control characters or text-direction marks.";

export function isOneLine(value: string): boolean {
  return !NOT_IN_A_LINE.test(value);
}

/** A name or a title typed by a person: refused when it holds a control or direction mark. */
export const oneLineText = (message = ONE_LINE_MESSAGE) => z.string().refine(isOneLine, message);

/** Text without the controls a person never means to type; line breaks and tabs stay. */
export function withoutControls(value: string): string {
  return value.replace(NOT_IN_TEXT, "");
}

/** Multi-line text typed by a person (a comment, a prompt, a description): its other controls removed. */
export const multilineText = () => z.string().overwrite(withoutControls);
