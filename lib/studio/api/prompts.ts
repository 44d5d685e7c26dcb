import { resource } from "./endpoint";

export const prompts = resource("prompts", {});
