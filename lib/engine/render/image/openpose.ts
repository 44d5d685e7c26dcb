import sharp from "@/lib/platform/sharp";
import type { Guide } from "./guide";

/**
 * A best-effort openpose guide: no pose estimation here, so a standing figure in the OpenPose
 * body layout and colours is drawn over the image's main subject (the box of pixels that differ
 * from the border's brightness), on black, as the openpose ControlNet expects.
 */
export async function openposeSkeleton(w: number, h: number, grey: Buffer): Promise<Guide> {
  // The subject: the bounding box of pixels that differ from the border's mean brightness.
  let border = 0;
  let n = 0;
  for (let x = 0; x < w; x++) {
    border += (grey[x] ?? 0) + (grey[(h - 1) * w + x] ?? 0);
    n += 2;
  }
  border /= n;
  let [x0, y0, x1, y1] = [w, h, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (Math.abs((grey[y * w + x] ?? 0) - border) > 40) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  if (x1 <= x0 || y1 <= y0) [x0, y0, x1, y1] = [w * 0.3, h * 0.1, w * 0.7, h * 0.95];
  const cx = (x0 + x1) / 2;
  const bh = y1 - y0;
  const P = (u: number, v: number) => [cx + u * bh, y0 + v * bh] as const;
  // OpenPose body-18 layout (nose, neck, shoulders, elbows, wrists, hips, knees, ankles).
  const joints = [
    P(0, 0.06),
    P(0, 0.17),
    P(-0.11, 0.18),
    P(-0.16, 0.34),
    P(-0.18, 0.48),
    P(0.11, 0.18),
    P(0.16, 0.34),
    P(0.18, 0.48),
    P(-0.07, 0.52),
    P(-0.08, 0.74),
    P(-0.08, 0.96),
    P(0.07, 0.52),
    P(0.08, 0.74),
    P(0.08, 0.96),
  ];
  const limbs = [
    [1, 0],
    [1, 2],
    [2, 3],
    [3, 4],
    [1, 5],
    [5, 6],
    [6, 7],
    [1, 8],
    [8, 9],
    [9, 10],
    [1, 11],
    [11, 12],
    [12, 13],
  ];
  const colours = [
    "#ff0000",
    "#ff5500",
    "#ffaa00",
    "#ffff00",
    "#aaff00",
    "#55ff00",
    "#00ff00",
    "#00ff55",
    "#00ffaa",
    "#00ffff",
    "#00aaff",
    "#0055ff",
    "#0000ff",
    "#5500ff",
  ];
  const stroke = Math.max(2, Math.round(bh / 45));
  const parts = limbs.map(([a, b], k) => {
    const [ax, ay] = joints[a as number] ?? [0, 0];
    const [bx, by] = joints[b as number] ?? [0, 0];
    return `<line x1="${ax}" y1="${ay}" x2="${bx}" y2="${by}" stroke="${colours[k]}" stroke-width="${stroke}" stroke-opacity="0.6" stroke-linecap="round"/>`;
  });
  parts.push(
    ...joints.map(
      ([x, y], k) => `<circle cx="${x}" cy="${y}" r="${stroke}" fill="${colours[k % colours.length]}"/>`,
    ),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/>${parts.join("")}</svg>`;
  const data = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  return { data, width: w, height: h, channels: 3 };
}
