import { usd } from "./money";

/** The budget part of an estimate: the tightest budget, what is left and how many tasks fit. */
export interface BudgetRoomView {
  scope: "team" | "member";
  usd: number;
  left: number;
  tasks: number;
  fit: number;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * "$0.0045 left of your monthly budget: 3 of 5 cells fit", said before anything is sent, so a
 * person knows what a budget will refuse. `noun` names what is sent ("cell", "task").
 */
export function budgetWords(budget: BudgetRoomView, noun: string): { text: string; short: boolean } {
  const whose = budget.scope === "team" ? "the team's" : "your";
  const left = `${usd(budget.left)} left of ${whose} monthly budget`;
  if (budget.fit >= budget.tasks) return { text: left, short: false };
  if (budget.tasks === 1)
    return { text: `${left}: not enough for this ${noun}, which would be refused`, short: true };
  if (budget.fit === 0)
    return { text: `${left}: none of the ${plural(budget.tasks, noun)} fit`, short: true };
  return {
    text: `${left}: ${budget.fit} of ${plural(budget.tasks, noun)} fit, the other ${budget.tasks - budget.fit} would be refused`,
    short: true,
  };
}
