import { resource } from "./endpoint";

export const trash = resource("trash", {});
