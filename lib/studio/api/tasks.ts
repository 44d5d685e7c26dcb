import { resource } from "./endpoint";

export const tasks = resource("tasks", {});
