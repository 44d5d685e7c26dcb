import { resource } from "./endpoint";

export const rounds = resource("rounds", {});
