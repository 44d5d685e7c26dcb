import { resource } from "./endpoint";

export const evalSets = resource("evalSets", {});
