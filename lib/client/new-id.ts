/**
 * A fresh random id (a version 4 UUID) for something the browser names: a task it sends, a layer,
 * a mask, this tab as a writer of drafts. Browsers give `crypto.randomUUID` only to secure pages
 * (https, localhost), so a studio served over plain HTTP at a network address would fail to send
 * anything; `crypto.getRandomValues` is there on every page and makes the same kind of id.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // The version (4) and variant (10xx) bits the UUID format fixes; the other 122 bits stay random.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
