import { studioLimitsSchema } from "@/lib/studio/limits/limits";
import { resource } from "./endpoint";

export const limits = resource("limits", {
  get: {
    method: "GET",
    path: "/api/limits",
    summary: "The studio's caps on generation.",
    access: "manage",
    response: studioLimitsSchema,
  },
  update: {
    method: "PUT",
    path: "/api/limits",
    summary: "New caps, all at once; they apply to the next request (waiting tasks move if there is room).",
    access: "manage",
    body: studioLimitsSchema,
    response: studioLimitsSchema,
    invalidates: ["limits"],
  },
});
