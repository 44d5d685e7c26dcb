import { z } from "zod";
import { resource } from "./endpoint";

/**
 * The points a task passes on its way from an experiment's runner to the team's browsers, in
 * order. The time between two points is the stage named by the later one:
 * - `picked`: the experiment runner chose the task's cell (experiments only);
 * - `submitted`: the studio's submit path took it (parsing, references, the record, the lease);
 * - `sent`: written to the service's socket (or its HTTP API);
 * - `arrived`: its first result read from the socket, a webhook or a poll;
 * - `fetched`: the result's bytes downloaded from the service;
 * - `kept`: the bytes in storage and the item recorded (its size read, its thumbnail started);
 * - `announced`: the item's card published to the live stream;
 * - `settled`: the task's record ended;
 * - `cellSettled`: its experiment cell recorded done or failed;
 * - `cellPublished`: the cell's live event published;
 * - `relayed`: that event handed to the browsers' sockets.
 */
export const TIMELINE_POINTS = [
  "picked",
  "submitted",
  "sent",
  "arrived",
  "fetched",
  "kept",
  "announced",
  "settled",
  "cellSettled",
  "cellPublished",
  "relayed",
] as const;
export type TimelinePoint = (typeof TIMELINE_POINTS)[number];

const timeline = z.object({
  taskUUID: z.string(),
  /** Each point reached: milliseconds since the Unix epoch, with the fraction. */
  at: z.partialRecord(z.enum(TIMELINE_POINTS), z.number()),
});

export const ops = resource("ops", {
  timelines: {
    method: "GET",
    path: "/api/ops/timelines",
    summary:
      "The newest tasks' timelines on this server process: when each reached each point from the runner to the browsers' sockets.",
    access: "manage",
    query: z.object({
      limit: z.coerce
        .number<string | number>()
        .int("limit is a whole number from 1 to 2000.")
        .min(1, "limit is a whole number from 1 to 2000.")
        .max(2000, "limit is a whole number from 1 to 2000.")
        .default(500),
    }),
    response: z.object({ points: z.array(z.enum(TIMELINE_POINTS)), tasks: z.array(timeline) }),
  },
});
