import { resource } from "./endpoint";

export const sessions = resource("sessions", {});
