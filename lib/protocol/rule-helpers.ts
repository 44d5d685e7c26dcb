/**
 * Small helpers shared by the image request's rules: the sink a rule reports to, the code of two
 * fields that exclude each other, and the wiring of an object-level rule into zod.
 */
import type { z } from "zod";
import { ruleIssue } from "./issues";

/** Where a cross-field rule reports: code, path (relative to the object it runs on), a message. */
export type RuleSink = (code: string, path: PropertyKey[], message: string, type?: string) => void;

/** `conflictCacheStartStepCacheStartStepPercentage`: the code of two fields that exclude each other. */
export function conflictCode(a: string, b: string): string {
  const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return `conflict${pascal(a)}${pascal(b)}`;
}

/**
 * The arguments of `.superRefine(...)` for a rule on one object: it runs only once the object's own
 * fields are valid, and reports paths relative to the object.
 */
export function objectRules<T>(check: (value: T, add: RuleSink) => void) {
  return [
    (value: T, ctx: z.core.$RefinementCtx<T>) =>
      check(value, (code, path, message, type) => ctx.addIssue(ruleIssue(code, path, message, value, type))),
    { when: (payload: z.core.ParsePayload) => payload.issues.length === 0 },
  ] as const;
}

/** Reports `a` and `b` given together; the error is on `b`, the alternative the message suggests dropping. */
export function exclusive(
  value: Record<string, unknown>,
  a: string,
  b: string,
  where: string,
  add: RuleSink,
): boolean {
  if (value[a] === undefined || value[b] === undefined) return false;
  add(
    conflictCode(a, b),
    [b],
    `${where}'${a}' and '${b}' are alternatives: send one of them, not both.`,
    "undefined",
  );
  return true;
}
