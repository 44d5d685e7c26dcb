import { resource } from "./endpoint";

export const members = resource("members", {});
