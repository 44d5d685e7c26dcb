/**
 * The strings a task holds, wherever it holds them (`seedImage`, `referenceImages.0`,
 * `controlNet.1.guideImage`), each with its place named as the contract names a parameter. Image
 * inputs are strings in any of these places, so what finds or swaps them walks the task this way.
 */

/** Calls `visit` with each string inside `value` and its dotted path. */
export function eachString(value: unknown, visit: (text: string, path: string) => void, path = ""): void {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value))
    for (const [i, v] of value.entries()) eachString(v, visit, join(path, String(i)));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) eachString(v, visit, join(path, key));
  }
}

/** A copy of `value` with each string replaced by what `swap` answers for it (the original is left as it was). */
export function mapStrings<T>(value: T, swap: (text: string, path: string) => string, path = ""): T {
  if (typeof value === "string") return swap(value, path) as T;
  if (Array.isArray(value)) return value.map((v, i) => mapStrings(v, swap, join(path, String(i)))) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, mapStrings(v, swap, join(path, key))]),
    ) as T;
  }
  return value;
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}
