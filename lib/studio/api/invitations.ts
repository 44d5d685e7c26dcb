import { resource } from "./endpoint";

export const invitations = resource("invitations", {});
