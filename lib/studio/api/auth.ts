import { resource } from "./endpoint";

export const auth = resource("auth", {});
