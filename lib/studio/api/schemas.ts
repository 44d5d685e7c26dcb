import { resource } from "./endpoint";

export const schemas = resource("schemas", {});
