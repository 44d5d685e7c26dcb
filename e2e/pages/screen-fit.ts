import { expect, type Locator, type Page } from "@playwright/test";

/** The three laptop and desktop screens the studio is laid out for. */
export const SCREENS = [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
] as const;

/** How far the document itself scrolls (0 when the page fits the screen). */
export function documentOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight - window.innerHeight;
  });
}

/** The rendered width / height of an element's box. */
export async function boxRatio(locator: Locator): Promise<number> {
  // A card the gallery draws again as its live list settles has no box for a moment.
  let ratio = 0;
  await expect(async () => {
    const box = await locator.boundingBox();
    if (!box || box.height === 0) throw new Error("the element has no box");
    ratio = box.width / box.height;
  }).toPass({ timeout: 10_000 });
  return ratio;
}

/** Whether two boxes overlap by more than a hairline. */
export function intersects(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1
  );
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The on-screen part of every field (input, textarea, select) a person can see: each box cut to
 * the scrolling columns around it, so a field scrolled out of its column counts as out of sight.
 */
export function visibleFieldBoxes(page: Page): Promise<{ id: string; box: Box }[]> {
  return page.evaluate(() => {
    const out: { id: string; box: { x: number; y: number; width: number; height: number } }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("input, textarea, select")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (getComputedStyle(a).overflowY === "visible") continue;
        const c = a.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, c.left),
          Math.max(top, c.top),
          Math.min(right, c.right),
          Math.min(bottom, c.bottom),
        ];
      }
      [right, bottom] = [Math.min(right, window.innerWidth), Math.min(bottom, window.innerHeight)];
      if (right > left && bottom > top)
        out.push({
          id: el.id || el.getAttribute("name") || el.tagName,
          box: { x: left, y: top, width: right - left, height: bottom - top },
        });
    }
    return out;
  });
}
