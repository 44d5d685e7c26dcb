/**
 * Tasks that manage a connection or fetch earlier results: `authentication`, `ping`,
 * `getResponse`.
 */
import { z } from "zod";
import { uuidV4 } from "./primitives";

export const authenticationSchema = z.strictObject({
  taskType: z.literal("authentication"),
  apiKey: z.string().min(1),
  connectionSessionUUID: z.uuid().optional(),
  // Clients may tag the authentication task with a UUID of their own; it is echoed, never required.
  taskUUID: z.string().optional(),
});
export type AuthenticationTask = z.output<typeof authenticationSchema>;

export const pingSchema = z.strictObject({
  taskType: z.literal("ping"),
  ping: z.literal(true),
  taskUUID: z.string().optional(),
});
export type PingTask = z.output<typeof pingSchema>;

/** Poll request: the taskUUID of an earlier async task and nothing else. */
export const getResponseSchema = z.strictObject({
  taskType: z.literal("getResponse"),
  taskUUID: uuidV4,
});
export type GetResponseTask = z.output<typeof getResponseSchema>;
