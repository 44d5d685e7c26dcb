import { resource } from "./endpoint";

export const tokens = resource("tokens", {});
