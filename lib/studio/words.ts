/** "1 task", "18 tasks": a count with its noun, singular for exactly one. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
