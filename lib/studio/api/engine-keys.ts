import { resource } from "./endpoint";

export const engineKeys = resource("engineKeys", {});
