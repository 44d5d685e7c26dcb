import "server-only";

/**
 * Credentials a task can carry, kept out of the stored params: task rows are read back into
 * gallery pages, and a token that authenticates the studio's webhook (a query parameter of
 * `webhookURL`, as the contract says) or a presigned `uploadEndpoint` must not reach a browser.
 * Origin and path stay, so a stored task still shows where results went.
 */
const URL_FIELDS = ["webhookURL", "uploadEndpoint"];
const SECRET_FIELDS = ["apiKey"];
export const REDACTED = "[redacted]";

export function redactTaskParams(params: Record<string, unknown>): Record<string, unknown> {
  const out = { ...params };
  for (const field of SECRET_FIELDS) {
    if (out[field] !== undefined) out[field] = REDACTED;
  }
  for (const field of URL_FIELDS) {
    const value = out[field];
    if (typeof value === "string") out[field] = redactUrl(value);
  }
  return out;
}

function redactUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return REDACTED;
  }
  const hadSecrets = url.search !== "" || url.username !== "" || url.password !== "" || url.hash !== "";
  return hadSecrets ? `${url.origin}${url.pathname}?${REDACTED}` : value;
}
