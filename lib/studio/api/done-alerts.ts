import { z } from "zod";
import { resource } from "./endpoint";

/** Whether the browser tells the member, with a notification and a sound, when their work finishes. */
export const doneAlertSettingsSchema = z.object({
  notify: z
    .boolean()
    .meta({ description: "A browser notification when a batch or an experiment of mine finishes." }),
  sound: z.boolean().meta({ description: "A short chime with it." }),
});
export type DoneAlertSettings = z.infer<typeof doneAlertSettingsSchema>;

export const doneAlerts = resource("doneAlerts", {
  get: {
    method: "GET",
    path: "/api/done-alerts",
    summary: "The member's choice of browser notifications and sound when their work finishes.",
    access: "view",
    response: doneAlertSettingsSchema,
  },
  save: {
    method: "PUT",
    path: "/api/done-alerts",
    summary: "Saves the member's choice of browser notifications and sound.",
    access: "view",
    body: doneAlertSettingsSchema,
    response: doneAlertSettingsSchema,
    invalidates: ["doneAlerts"],
  },
});
