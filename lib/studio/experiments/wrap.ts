/**
 * Text broken onto lines of at most `width` characters, at spaces; a word longer than a line is
 * split across lines. Nothing is dropped: joining the lines gives back every word.
 */
export function wrapWords(text: string, width: number): string[] {
  const max = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    for (let rest = word; rest.length > 0; ) {
      const room = line === "" ? max : max - line.length - 1;
      if (rest.length <= room) {
        line = line === "" ? rest : `${line} ${rest}`;
        rest = "";
      } else if (line !== "" && rest.length <= max) {
        lines.push(line);
        line = "";
      } else {
        const cut = line === "" ? max : room;
        if (cut <= 0) {
          lines.push(line);
          line = "";
          continue;
        }
        line = line === "" ? rest.slice(0, cut) : `${line} ${rest.slice(0, cut)}`;
        lines.push(line);
        line = "";
        rest = rest.slice(cut);
      }
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}
