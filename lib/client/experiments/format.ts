/** How long, in words: "about 40 seconds", "about 3 minutes". */
export function durationWords(seconds: number): string {
  if (seconds < 1.5) return "about a second";
  if (seconds < 60) return `about ${Math.round(seconds)} seconds`;
  const minutes = seconds / 60;
  if (minutes < 90) return `about ${Math.round(minutes)} minute${Math.round(minutes) === 1 ? "" : "s"}`;
  return `about ${(minutes / 60).toFixed(1)} hours`;
}
