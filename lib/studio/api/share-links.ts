import { resource } from "./endpoint";

export const shareLinks = resource("shareLinks", {});
