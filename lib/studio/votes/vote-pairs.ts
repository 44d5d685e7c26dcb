/**
 * The pairs of a blind vote, fixed when it opens. Two variants are compared only where everything
 * else is equal: for each combination of the other axes' values (same seed, same CFG…), each two of
 * the chosen variants. A cell with several results contributes each of them: its k-th result is
 * paired with the k-th of the other cell (made from the same seed offset), so no image a cell made
 * goes unjudged. Cells without a result yet are left out.
 */

export interface PairCell {
  coords: readonly number[];
  /** The cell's results in order (empty when it has none). */
  itemIds: readonly string[];
}

export interface PlannedPair {
  position: number;
  /** Indexes into the vote's variants. */
  variantA: number;
  variantB: number;
  itemA: string;
  itemB: string;
  /** The other axes' labels the two share ("Seed 7 · CFG 5"). */
  context: string;
}

export function planPairs(
  cells: readonly PairCell[],
  axis: number,
  variants: readonly number[],
  axisLabels: readonly (readonly string[])[],
): PlannedPair[] {
  const groups = new Map<string, { coords: readonly number[]; byValue: Map<number, readonly string[]> }>();
  for (const cell of cells) {
    const value = cell.coords[axis];
    if (value === undefined || cell.itemIds.length === 0 || !variants.includes(value)) continue;
    const rest = cell.coords.filter((_, i) => i !== axis);
    const key = rest.join("-");
    const group = groups.get(key) ?? { coords: cell.coords, byValue: new Map<number, readonly string[]>() };
    group.byValue.set(value, cell.itemIds);
    groups.set(key, group);
  }
  const keys = [...groups.keys()].sort((a, b) => compareKeys(a, b));
  const out: PlannedPair[] = [];
  for (const key of keys) {
    const group = groups.get(key);
    if (!group) continue;
    const shared = group.coords.flatMap((v, i) => (i === axis ? [] : [axisLabels[i]?.[v] ?? `${v + 1}`]));
    const most = Math.max(...[...group.byValue.values()].map((ids) => ids.length));
    for (let k = 0; k < most; k++) {
      const context = [...shared, ...(most > 1 ? [`image ${k + 1}`] : [])].join(" · ");
      for (let a = 0; a < variants.length; a++) {
        for (let b = a + 1; b < variants.length; b++) {
          const itemA = group.byValue.get(variants[a] as number)?.[k];
          const itemB = group.byValue.get(variants[b] as number)?.[k];
          if (!itemA || !itemB) continue;
          out.push({ position: out.length, variantA: a, variantB: b, itemA, itemB, context });
        }
      }
    }
  }
  return out;
}

/** "2-10" after "2-9": numeric on each coordinate. */
function compareKeys(a: string, b: string): number {
  const x = a === "" ? [] : a.split("-").map(Number);
  const y = b === "" ? [] : b.split("-").map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}
