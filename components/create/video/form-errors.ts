import { type FieldErrors, get } from "react-hook-form";

/** The message at a path of the error tree, if that node is an error (not a branch of errors). */
export function messageAt(errors: FieldErrors, path: string): string | undefined {
  const e = get(errors, path) as { message?: unknown } | undefined;
  return typeof e?.message === "string" ? e.message : undefined;
}

/** The first message found at any of the paths, in order. */
export function firstMessage(errors: FieldErrors, paths: readonly string[]): string | undefined {
  for (const p of paths) {
    const m = messageAt(errors, p);
    if (m !== undefined) return m;
  }
  return undefined;
}

/** Whether anything under one of the paths has an error, for a Section's marker. */
export function hasErrorUnder(errors: FieldErrors, paths: readonly string[]): boolean {
  return paths.some((p) => get(errors, p) !== undefined);
}
