import { resource } from "./endpoint";

export const gallery = resource("gallery", {});
