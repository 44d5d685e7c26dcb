import { resource } from "./endpoint";

export const setup = resource("setup", {});
