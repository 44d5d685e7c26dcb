import { resource } from "./endpoint";

export const inbox = resource("inbox", {});
