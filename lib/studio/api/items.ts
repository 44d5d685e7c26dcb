import { resource } from "./endpoint";

export const items = resource("items", {});
