/** Every candidate is resolved against this placeholder: a same-origin path keeps it. */
const PLACEHOLDER_ORIGIN = "http://studio.invalid";

/**
 * Where to go after signing in: a path of this studio, or Home. Anything that could leave the
 * studio is refused: another origin (`https://evil.com`), a scheme-relative address
 * (`//evil.com`), a backslash that browsers read as a slash (`/\evil.com`), control characters
 * that browsers strip before parsing, and a path that only becomes one of these once its dot
 * segments are resolved (`/.//evil.com`, `/a/..//evil.com`, `/%2e//evil.com`). The check runs on
 * the resolved address, which is also the one returned: what was checked is what is followed.
 */
export function safeNextPath(value: string | null | undefined): string {
  if (!value?.startsWith("/") || value.startsWith("//")) return "/";
  if (value.includes("\\") || hasControlCharacter(value)) return "/";
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return "/";
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return "/";
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A browser reads a leading `//` (or `/\`) as another host, whatever dots led to it.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return "/";
  return path;
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
