import { resource } from "./endpoint";

export const share = resource("share", {});
