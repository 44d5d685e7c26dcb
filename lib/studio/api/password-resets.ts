import { resource } from "./endpoint";

export const passwordResets = resource("passwordResets", {});
