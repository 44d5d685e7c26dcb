import { resource } from "./endpoint";

export const savedSearches = resource("savedSearches", {});
