import { resource } from "./endpoint";

export const reference = resource("reference", {});
