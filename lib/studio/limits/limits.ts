import { z } from "zod";

/**
 * The studio's caps on generation, set by the owner in Settings. No server imports here: the
 * Limits panel's form and the Route Handler parse with the same schema.
 */

/**
 * Defaults, each with its reason:
 * - 50 tasks a request: a 7x7 experiment grid is 49 tasks; more in one POST is a script, not a
 *   person, and 10,000 tasks in one request once held the renderers for 100 s.
 * - 100 results a request: 50 tasks of 2 images, or 5 tasks of the contract's 20.
 * - 4 tasks at work per member: the embedded engine renders on two cores, and against the real
 *   service each task costs money; four keep one member's burst from taking every renderer.
 * - 200 waiting per member: four full requests wait in the studio, in order; more answers 429.
 * - 100 cells an experiment: a 10x10 grid; past it, a sweep costs more than a person reads.
 */
export const DEFAULT_STUDIO_LIMITS = {
  tasksPerRequest: 50,
  resultsPerRequest: 100,
  activePerMember: 4,
  waitingPerMember: 200,
  maxExperimentCells: 100,
} as const;

export const STUDIO_LIMIT_BOUNDS = {
  tasksPerRequest: { min: 1, max: 500 },
  resultsPerRequest: { min: 1, max: 2_000 },
  activePerMember: { min: 1, max: 100 },
  waitingPerMember: { min: 0, max: 10_000 },
  maxExperimentCells: { min: 1, max: 1_000 },
} as const;

export type StudioLimitName = keyof typeof DEFAULT_STUDIO_LIMITS;

/** How each cap reads to a person: a label and what it does. */
export const STUDIO_LIMIT_LABELS: Record<StudioLimitName, { label: string; hint: string }> = {
  tasksPerRequest: {
    label: "Tasks in one request",
    hint: "A request with more tasks is refused whole; split large batches.",
  },
  resultsPerRequest: {
    label: "Results in one request",
    hint: "Images and videos asked for in one request, all tasks together.",
  },
  activePerMember: {
    label: "Tasks at work per member",
    hint: "A member's tasks the service works on at once; the next ones wait their turn.",
  },
  waitingPerMember: {
    label: "Tasks waiting per member",
    hint: "A member's tasks waiting their turn in the studio; beyond it, asked to try again later.",
  },
  maxExperimentCells: {
    label: "Cells in one experiment",
    hint: "Tasks one experiment may run; a larger grid is refused before anything is sent.",
  },
};

const whole = (name: StudioLimitName) => {
  const { min, max } = STUDIO_LIMIT_BOUNDS[name];
  // Shown under its field, which the label already names; the API's error names the parameter.
  const message = `A whole number from ${min} to ${max}`;
  return z.number({ message }).int({ message }).min(min, { message }).max(max, { message });
};

export const studioLimitsSchema = z.object({
  tasksPerRequest: whole("tasksPerRequest"),
  resultsPerRequest: whole("resultsPerRequest"),
  activePerMember: whole("activePerMember"),
  waitingPerMember: whole("waitingPerMember"),
  maxExperimentCells: whole("maxExperimentCells"),
});

export type StudioLimits = z.output<typeof studioLimitsSchema>;
