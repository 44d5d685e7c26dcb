import { z } from "zod";
import { resource } from "./endpoint";

/** The signed-in member's sessions. */
export const sessions = resource("sessions", {
  endAll: {
    method: "DELETE",
    path: "/api/sessions",
    summary: "Signs the current member out on every device, this one included.",
    access: "view",
    tokens: false,
    response: z.object({ ended: z.number().int() }),
    invalidates: [],
  },
});
