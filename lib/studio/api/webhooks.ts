import { resource } from "./endpoint";

export const webhooks = resource("webhooks", {});
