import { z } from "zod";
import { createEngineKeySchema } from "@/lib/studio/engine-keys";
import { resource, uuid } from "./endpoint";

/** The embedded engine's API keys, for scripts and the service's official clients. */

export const engineKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  prefix: z.string(),
  accountName: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type EngineKeyView = z.infer<typeof engineKeySchema>;

export const engineKeys = resource("engineKeys", {
  list: {
    method: "GET",
    path: "/api/engine-keys",
    summary: "The embedded engine's keys: descriptions and prefixes, never the keys.",
    access: "manage",
    tokens: false,
    response: z.array(engineKeySchema),
    errors: ["engineNotEmbedded"],
  },
  create: {
    method: "POST",
    path: "/api/engine-keys",
    summary: "A new engine key for other clients; the key is shown this once.",
    access: "manage",
    tokens: false,
    body: createEngineKeySchema,
    response: z.object({ key: z.string(), id: z.string(), prefix: z.string() }),
    status: 201,
    errors: ["engineNotEmbedded"],
    invalidates: ["engineKeys"],
  },
  revoke: {
    method: "DELETE",
    path: "/api/engine-keys/{id}",
    summary: "Revokes an engine key: the engine refuses it from the next request on.",
    access: "manage",
    tokens: false,
    params: z.object({ id: uuid() }),
    status: 204,
    errors: ["engineNotEmbedded", "notFound"],
    invalidates: ["engineKeys"],
  },
});
