/** How long, in words: "about 40 seconds", "about 3 minutes". */
export function durationWords(seconds: number): string {
  if (seconds < 1.5) return "about a second";
  if (seconds < 60) return `about ${Math.round(seconds)} seconds`;
  const minutes = seconds / 60;
  if (minutes < 90) return `about ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? "" : "s"}`;
  return `about ${(minutes / 60).toFixed(1)} hours`;
}

export function costWords(cost: number | null): string {
  return cost === null
    ? "cost unknown (no past tasks of this model reported one)"
    : `about $${cost.toFixed(cost < 1 ? 3 : 2)}`;
}
