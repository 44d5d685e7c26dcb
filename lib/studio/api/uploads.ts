import { resource } from "./endpoint";

export const uploads = resource("uploads", {});
