import { resource } from "./endpoint";

export const tools = resource("tools", {});
