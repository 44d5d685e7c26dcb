import { resource } from "./endpoint";

export const boards = resource("boards", {});
