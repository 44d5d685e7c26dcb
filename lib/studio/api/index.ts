import type { AnyEndpoint } from "./endpoint";
import { experiments } from "./experiments";

/**
 * Every resource of the studio's own API. The published reference (`/api/openapi.json`) and the
 * test that holds every route file to a declaration both read this list.
 */
export const api = {
  experiments,
} as const;

export const ENDPOINTS: readonly AnyEndpoint[] = Object.values(api).flatMap((r) =>
  Object.values(r as Record<string, AnyEndpoint>),
);
