/**
 * Steering the waiting queue: the words both sides share. No server imports here: the drawer and
 * the Route Handlers read the same names.
 */

export const QUEUE_SCOPES = ["mine", "team"] as const;
export type QueueScope = (typeof QUEUE_SCOPES)[number];

export const TASK_PRIORITIES = ["high", "normal", "low"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** As stored (`task.priority`): higher goes first. */
export const PRIORITY_VALUE: Record<TaskPriority, number> = { high: 1, normal: 0, low: -1 };

export function priorityOf(value: number): TaskPriority {
  return value > 0 ? "high" : value < 0 ? "low" : "normal";
}

export const PRIORITY_LABELS: Record<TaskPriority, string> = { high: "High", normal: "Normal", low: "Low" };

/** The parameters a bulk edit may set on waiting tasks, with how a person reads each. */
export const EDITABLE_PARAMETERS = {
  steps: "Steps",
  CFGScale: "CFG scale",
  width: "Width",
  height: "Height",
} as const;
export type EditableParameter = keyof typeof EDITABLE_PARAMETERS;

/**
 * What the queue drawer says while a pause holds: who paused what, and what happens next; null
 * for a pause that does not hold.
 */
export function pauseNotes(paused: {
  mine: boolean;
  team: boolean;
  teamPausedBy?: { name: string; you: boolean } | null | undefined;
  /** The reader may resume the team's queue (an owner). */
  canResumeTeam: boolean;
}): { team: string | null; mine: string | null } {
  const by = paused.teamPausedBy;
  const who = by?.you ? "You" : by?.name ? by.name : "An owner";
  const resumer = by?.you
    ? "you resume it"
    : paused.canResumeTeam
      ? "you or another owner resume it"
      : "an owner resumes it";
  return {
    team: paused.team
      ? `${who} paused the whole team's queue. Nothing goes to the service until ${resumer}; new tasks wait here.`
      : null,
    mine: paused.mine
      ? paused.team
        ? "You paused your own queue too: your tasks keep waiting after the team resumes, until you resume yours."
        : "You paused your queue. Your tasks wait here until you resume it; your teammates' tasks still go out."
      : null,
  };
}
