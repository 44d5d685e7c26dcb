import { route } from "@/lib/server/api/route";
import { TIMELINE_POINTS, taskTimelines } from "@/lib/server/ops/task-timeline";
import { api } from "@/lib/studio/api";

export const GET = route(api.ops.timelines, ({ query }) => ({
  points: [...TIMELINE_POINTS],
  tasks: taskTimelines().list().slice(-query.limit),
}));
