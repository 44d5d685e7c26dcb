/**
 * Where to go after signing in: a path of this studio, or Home. Anything that could leave the
 * studio is refused: another origin (`https://evil.com`), a scheme-relative address
 * (`//evil.com`), a backslash that browsers read as a slash (`/\evil.com`), or control
 * characters that browsers strip before parsing.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return "/";
  if (value.includes("\\") || hasControlCharacter(value)) return "/";
  try {
    // Resolved against a placeholder origin, a same-origin path keeps that origin.
    const url = new URL(value, "http://studio.invalid");
    if (url.origin !== "http://studio.invalid") return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}

/** The sign-in page's address that comes back to `path` afterwards. */
export function signInPathFor(path: string): string {
  const next = safeNextPath(path);
  return next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
}

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
