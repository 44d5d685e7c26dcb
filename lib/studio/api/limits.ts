import { resource } from "./endpoint";

export const limits = resource("limits", {});
