/**
 * P5's colour palette in the form: a named palette or a list of members `{ colorHex, colorWeight }`
 * with weights descending (ideogramColorPaletteSchema). Helpers for the swatches and the order.
 */

export type PaletteMode = "none" | "name" | "members";

export interface PaletteMember {
  colorHex?: string | undefined;
  colorWeight?: number | undefined;
}

/** `#abc` → `#aabbcc` (a colour input takes only six digits); anything else → null. */
export function expandHex(hex: string | undefined): string | null {
  if (!hex) return null;
  const short = /^#([0-9a-fA-F])([0-9a-fA-F])([0-9a-fA-F])$/.exec(hex);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-fA-F]{6}$/.test(hex) ? hex.toLowerCase() : null;
}

/**
 * Which editors show: the ones holding a value (both in a conflict, so nothing set is ever hidden
 * from the person sending it), else the chosen one.
 */
export function paletteModes(palette: unknown, chosen: PaletteMode): PaletteMode[] {
  const p = palette && typeof palette === "object" ? (palette as { name?: unknown; members?: unknown }) : {};
  const shown: PaletteMode[] = [];
  if (typeof p.name === "string" && p.name !== "") shown.push("name");
  if (Array.isArray(p.members) && p.members.length > 0) shown.push("members");
  return shown.length > 0 ? shown : [chosen];
}

/**
 * Members heaviest first, as the schema requires; members without a weight keep their place
 * relative to each other at the end.
 */
export function sortByWeight<T extends PaletteMember>(members: readonly T[]): T[] {
  const weighted = members.filter((m) => typeof m.colorWeight === "number" && !Number.isNaN(m.colorWeight));
  const rest = members.filter((m) => !weighted.includes(m));
  return [...weighted].sort((a, b) => (b.colorWeight ?? 0) - (a.colorWeight ?? 0)).concat(rest);
}

/** True when the weights given are already in descending order. */
export function isDescending(members: readonly PaletteMember[]): boolean {
  let previous = Number.POSITIVE_INFINITY;
  for (const m of members) {
    if (typeof m.colorWeight !== "number" || Number.isNaN(m.colorWeight)) continue;
    if (m.colorWeight > previous) return false;
    previous = m.colorWeight;
  }
  return true;
}
