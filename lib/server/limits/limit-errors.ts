import "server-only";
import type { ServiceError } from "@/lib/protocol/errors";
import { STUDIO_LIMIT_LABELS } from "@/lib/studio/limits/limits";

/**
 * Refusals for the studio's caps. `parameter` names the cap (as the Limits panel shows it), so a
 * script can tell which one it met; the message says what to do.
 */
export const limitErrors = {
  tooManyTasks: (limit: number, got: number): ServiceError => ({
    code: "tooManyTasks",
    message: `${STUDIO_LIMIT_LABELS.tasksPerRequest.label}: at most ${limit}, and this request has ${got}. Send them in smaller batches.`,
    parameter: "tasksPerRequest",
    type: "integer",
  }),
  tooManyResults: (limit: number, got: number): ServiceError => ({
    code: "tooManyResults",
    message: `${STUDIO_LIMIT_LABELS.resultsPerRequest.label}: at most ${limit}, and this request asks for ${got} (numberResults of all its tasks together). Ask for fewer, or send them in smaller batches.`,
    parameter: "resultsPerRequest",
    type: "integer",
  }),
  memberQueueFull: (
    limits: { activePerMember: number; waitingPerMember: number },
    room: number,
    got: number,
  ): ServiceError => ({
    code: "tooManyTasksWaiting",
    message:
      `You have as many tasks at work and waiting as a member may (${limits.activePerMember} at work, ` +
      `${limits.waitingPerMember} waiting); room for ${room} more, and this request has ${got}. ` +
      "Try again when some have finished.",
    parameter: "waitingPerMember",
    type: "integer",
  }),
};
