/** How wide a piece of text is, in the unit of the width it is wrapped to (characters by default). */
export type Measure = (text: string) => number;

const byCharacters: Measure = (text) => text.length;

/**
 * Text broken onto lines no wider than `width`, at spaces; a word longer than a line is split
 * across lines. Nothing is dropped: joining the lines gives back every word. `measure` says how
 * wide a line is: characters unless told (a label drawn in a browser measures its pixels).
 */
export function wrapWords(text: string, width: number, measure: Measure = byCharacters): string[] {
  const room = measure === byCharacters ? Math.max(1, Math.floor(width)) : width;
  const fits = (line: string) => measure(line) <= room;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest !== "") {
      const before = line === "" ? "" : `${line} `;
      if (fits(before + rest)) {
        line = before + rest;
        break;
      }
      if (line !== "" && fits(rest)) {
        lines.push(line);
        line = "";
        continue;
      }
      // A word wider than a line: as much of it as the line has room for, the rest on the next.
      let cut = 0;
      while (cut < rest.length && fits(before + rest.slice(0, cut + 1))) cut += 1;
      if (cut === 0 && line !== "") {
        lines.push(line);
        line = "";
        continue;
      }
      cut = Math.max(1, cut);
      lines.push(before + rest.slice(0, cut));
      line = "";
      rest = rest.slice(cut);
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

const ELLIPSIS = "…";

/**
 * A label as it fits `lines` lines of `width`: whole when it wraps onto them; otherwise cut in the
 * middle, as much of its start and its end kept as fits (a prompt's first words say what it is,
 * its last often what sets it apart).
 */
export function fitLines(
  text: string,
  width: number,
  lines: number,
  measure: Measure = byCharacters,
): string {
  const fits = (candidate: string) => wrapWords(candidate, width, measure).length <= lines;
  const whole = text.trim();
  if (fits(whole)) return whole;
  const chars = Array.from(whole);
  const cut = (kept: number) =>
    `${chars
      .slice(0, Math.ceil(kept / 2))
      .join("")
      .trimEnd()}${ELLIPSIS}${chars
      .slice(chars.length - Math.floor(kept / 2))
      .join("")
      .trimStart()}`;
  // The most characters kept that still fit: fewer kept never makes it wider.
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(cut(mid))) low = mid;
    else high = mid - 1;
  }
  return cut(low);
}
