import { resource } from "./endpoint";

export const media = resource("media", {});
