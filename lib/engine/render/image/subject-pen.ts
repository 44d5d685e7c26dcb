import type { Rgb } from "../shared/seeded";
import { blend3, clamp } from "./canvas";
import type { PaintContext } from "./paint-context";

/**
 * The drawing kit of the subject painters: anti-aliased, shaded ellipses, tapered strokes and
 * convex polygons, written in a subject's own frame (u across, v up, in units of its size, origin
 * at its foot) so a painter reads like a description of the shape. Colours are lit by the scene:
 * darker and bluer at night, warmer at sunset, and shaded from the side the light comes from.
 * Every shape touches only its bounding box; nothing is allocated per pixel.
 */
export class Pen {
  /** Light direction across the picture: -1 from the left, 1 from the right. */
  readonly lx: number;
  private readonly ambient: number;
  private readonly tint: Rgb;
  private readonly tintAmount: number;
  /**
   * A turn of the frame (a head raised, a body leaning): frame points are turned about a pivot,
   * then placed by the pen this one was turned from. Null for a pen straight from the layout.
   */
  private turn: { from: Pen; angle: number; u: number; v: number } | null = null;
  /** The sum of the turns, so ellipses turn with the frame. */
  private turnAngle = 0;

  constructor(
    readonly ctx: PaintContext,
    /** Foot of the subject, in canvas pixels. */
    readonly x: number,
    readonly base: number,
    /** One unit of the subject's frame, in canvas pixels. */
    readonly size: number,
    /** Mirror it (facing left instead of right). */
    readonly flip = false,
  ) {
    const { p, light, c } = ctx;
    this.lx = light ? clamp((light.x - x) / (c.w * 0.3), -1, 1) : -0.6;
    const t = p.time;
    this.ambient =
      t === "night" ? 0.62 : t === "storm" ? 0.72 : t === "sunset" ? 0.85 : t === "fog" ? 0.9 : 1;
    this.tint = t === "night" ? [70, 90, 160] : t === "fog" ? p.horizon : p.glow;
    this.tintAmount =
      t === "night" ? 0.3 : t === "fog" ? 0.3 : t === "sunset" ? 0.2 : t === "dawn" ? 0.1 : 0.05;
  }

  /**
   * The same pen with its frame turned by `angle` radians (counter-clockwise, in the frame) about
   * (u, v): a painter draws a head or a wing in its rest pose through it, and it comes out raised.
   */
  turned(u: number, v: number, angle: number): Pen {
    const pen = new Pen(this.ctx, this.x, this.base, this.size, this.flip);
    pen.turn = { from: this, angle, u, v };
    pen.turnAngle = this.turnAngle + angle;
    return pen;
  }

  /** A frame point after the pen's turns, still in frame units. */
  private frame(u: number, v: number): [number, number] {
    if (!this.turn) return [u, v];
    const { from, angle } = this.turn;
    const c = Math.cos(angle);
    const s = Math.sin(angle);
    const du = u - this.turn.u;
    const dv = v - this.turn.v;
    return from.frame(this.turn.u + du * c - dv * s, this.turn.v + du * s + dv * c);
  }

  /** Canvas position of a frame point. */
  at(u: number, v: number): [number, number] {
    const [fu, fv] = this.frame(u, v);
    return [this.px(fu), this.py(fv)];
  }

  /** Canvas x of a frame u (before any turn). */
  px(u: number): number {
    return this.x + (this.flip ? -u : u) * this.size;
  }

  /** Canvas y of a frame v (before any turn). */
  py(v: number): number {
    return this.base - v * this.size;
  }

  private put(i: number, col: Rgb, k: number, a: number): void {
    const m = this.ambient * k;
    const t = this.tintAmount;
    blend3(
      this.ctx.c,
      i,
      (col[0] + (this.tint[0] - col[0]) * t) * m,
      (col[1] + (this.tint[1] - col[1]) * t) * m,
      (col[2] + (this.tint[2] - col[2]) * t) * m,
      a,
      true,
    );
  }

  /**
   * An ellipse centred at (u, v) with radii ru, rv, turned by `angle` (radians, counter-clockwise
   * in the frame), shaded as a rounded body (`shade` 0 flat to 1 fully round).
   */
  ellipse(u: number, v: number, ru: number, rv: number, col: Rgb, shade = 0.8, angle = 0, alpha = 1): void {
    const { c } = this.ctx;
    const [cx, cy] = this.at(u, v);
    const rx = Math.max(0.5, ru * this.size);
    const ry = Math.max(0.5, rv * this.size);
    const a = this.flip ? -(angle + this.turnAngle) : angle + this.turnAngle;
    const cos = Math.cos(a);
    const sin = Math.sin(a);
    const reach = Math.max(rx, ry) + 1;
    const x0 = Math.max(0, Math.floor(cx - reach));
    const x1 = Math.min(c.w, Math.ceil(cx + reach));
    const y0 = Math.max(0, Math.floor(cy - reach));
    const y1 = Math.min(c.h, Math.ceil(cy + reach));
    const edge = Math.min(rx, ry);
    const lx = this.lx * 0.6;
    for (let y = y0; y < y1; y++) {
      const dy = y + 0.5 - cy;
      for (let x = x0; x < x1; x++) {
        const dx = x + 0.5 - cx;
        // Into the ellipse's own axes (y up is -dy on the canvas).
        const eu = (dx * cos - dy * sin) / rx;
        const ev = (dx * sin + dy * cos) / ry;
        const d2 = eu * eu + ev * ev;
        if (d2 > 1.3) continue;
        const d = Math.sqrt(d2);
        const cover = clamp((1 - d) * edge + 0.5) * alpha;
        if (cover <= 0) continue;
        const nx = dx / rx;
        const ny = dy / ry;
        const nz = Math.sqrt(Math.max(0, 1 - Math.min(1, d2)));
        const dot = clamp(nx * lx - ny * 0.55 + nz * 0.6, -0.3, 1);
        this.put(y * c.w + x, col, 1 - shade + shade * (0.55 + 0.6 * dot), cover);
      }
    }
  }

  /** A stroke from (u0, v0) to (u1, v1), radius r0 tapering to r1, shaded as a cylinder. */
  stroke(
    u0: number,
    v0: number,
    u1: number,
    v1: number,
    r0: number,
    r1: number,
    col: Rgb,
    shade = 0.6,
  ): void {
    const { c } = this.ctx;
    const [ax, ay] = this.at(u0, v0);
    const [bx, by] = this.at(u1, v1);
    const ra = Math.max(0.45, r0 * this.size);
    const rb = Math.max(0.45, r1 * this.size);
    const reach = Math.max(ra, rb) + 1;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
    const x1 = Math.min(c.w, Math.ceil(Math.max(ax, bx) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - reach));
    const y1 = Math.min(c.h, Math.ceil(Math.max(ay, by) + reach));
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = Math.max(1e-6, ex * ex + ey * ey);
    const len = Math.sqrt(len2);
    // The side of the stroke facing the light is lit: sign of the normal's x against the light.
    const nxs = -ey / len;
    const nys = ex / len;
    for (let y = y0; y < y1; y++) {
      const dy = y + 0.5 - ay;
      for (let x = x0; x < x1; x++) {
        const dx = x + 0.5 - ax;
        const t = clamp((dx * ex + dy * ey) / len2);
        const qx = dx - ex * t;
        const qy = dy - ey * t;
        const dist = Math.sqrt(qx * qx + qy * qy);
        const r = ra + (rb - ra) * t;
        const cover = clamp(r - dist + 0.5);
        if (cover <= 0) continue;
        const side = (qx * nxs + qy * nys) / r;
        const facing = side * Math.sign(nxs || 1) * this.lx;
        this.put(y * c.w + x, col, 1 - shade * 0.25 + shade * 0.3 * clamp(facing, -1, 1), cover);
      }
    }
  }

  /** A convex polygon through frame points [u0, v0, u1, v1, ...], lit across from the light's side. */
  poly(points: readonly number[], col: Rgb, shade = 0.4, alpha = 1): void {
    const { c } = this.ctx;
    const n = points.length >> 1;
    if (n < 3) return;
    const xs = new Float64Array(n);
    const ys = new Float64Array(n);
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let k = 0; k < n; k++) {
      const [x, y] = this.at(points[2 * k] as number, points[2 * k + 1] as number);
      xs[k] = x;
      ys[k] = y;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    // Edge normals pointing inwards, whatever the winding (the frame flip reverses it).
    let area = 0;
    for (let k = 0; k < n; k++) {
      const j = (k + 1) % n;
      area += (xs[k] as number) * (ys[j] as number) - (xs[j] as number) * (ys[k] as number);
    }
    const sign = area > 0 ? 1 : -1;
    const na = new Float64Array(n);
    const nb = new Float64Array(n);
    const nc = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      const j = (k + 1) % n;
      const ex = (xs[j] as number) - (xs[k] as number);
      const ey = (ys[j] as number) - (ys[k] as number);
      const l = Math.hypot(ex, ey) || 1;
      const a = (-ey / l) * sign;
      const b = (ex / l) * sign;
      na[k] = a;
      nb[k] = b;
      nc[k] = -(a * (xs[k] as number) + b * (ys[k] as number));
    }
    const cx = (minX + maxX) / 2;
    const half = Math.max(1, (maxX - minX) / 2);
    const x0 = Math.max(0, Math.floor(minX));
    const x1 = Math.min(c.w, Math.ceil(maxX) + 1);
    const y0 = Math.max(0, Math.floor(minY));
    const y1 = Math.min(c.h, Math.ceil(maxY) + 1);
    for (let y = y0; y < y1; y++) {
      const py = y + 0.5;
      for (let x = x0; x < x1; x++) {
        const px = x + 0.5;
        let d = Infinity;
        for (let k = 0; k < n; k++) {
          const e = (na[k] as number) * px + (nb[k] as number) * py + (nc[k] as number);
          if (e < d) d = e;
          if (d < -0.5) break;
        }
        const cover = clamp(d + 0.5) * alpha;
        if (cover <= 0) continue;
        const across = ((px - cx) / half) * this.lx;
        this.put(y * c.w + x, col, 1 + shade * 0.22 * across - shade * 0.06, cover);
      }
    }
  }

  /** An axis-aligned box from (u0, v0) to (u1, v1). */
  rect(u0: number, v0: number, u1: number, v1: number, col: Rgb, shade = 0.4): void {
    this.poly([u0, v0, u1, v0, u1, v1, u0, v1], col, shade);
  }

  /** A soft contact shadow on the ground under the subject. */
  shadow(u: number, ru: number, rv: number, strength = 0.35): void {
    const { c, p } = this.ctx;
    const cx = this.px(u);
    const cy = this.base;
    const rx = ru * this.size;
    const ry = Math.max(1, rv * this.size);
    for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(c.h, cy + ry); y++) {
      for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(c.w, cx + rx); x++) {
        const d = ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2;
        if (d < 1)
          blend3(c, y * c.w + x, p.silhouette[0], p.silhouette[1], p.silhouette[2], strength * (1 - d), true);
      }
    }
  }
}

/** A colour darker or lighter by a factor (0.7: a shade of it). */
export const shadeOf = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
