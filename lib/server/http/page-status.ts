import "server-only";
import type { ServerResponse } from "node:http";

/** The token of a share page's address (`/s/<token>`), or null for any other path. */
export function sharePageToken(path: string): string | null {
  const match = /^\/s\/([^/]+)\/?$/.exec(path);
  return match?.[1] ?? null;
}

/** The token of a guest reviewer's page (`/a/<token>`), or null for any other path. */
export function approvalPageToken(path: string): string | null {
  const match = /^\/a\/([^/]+)\/?$/.exec(path);
  return match?.[1] ?? null;
}

/**
 * Has a page that renders normally answer `status` instead of 200: a share page whose link ended
 * is still shown (it says so) but answers 410, an unknown one 404, so that caches, crawlers and
 * link checkers see what a person reads. The App Router sets no status but 404 from a page, so it
 * is set here, where the answer's head is written; any other status (a redirect, an error) is kept.
 */
export function replaceSuccessStatus(res: ServerResponse, status: number): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, code: number, ...rest: unknown[]) {
    return (writeHead as (code: number, ...rest: unknown[]) => ServerResponse).call(
      this,
      code === 200 ? status : code,
      ...rest,
    );
  } as ServerResponse["writeHead"];
}
