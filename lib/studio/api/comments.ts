import { resource } from "./endpoint";

export const comments = resource("comments", {});
