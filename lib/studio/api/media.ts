import { z } from "zod";
import { resource } from "./endpoint";

/** The studio's stored media: results, uploads and tasks' inline inputs. */
export const media = resource("media", {
  get: {
    method: "GET",
    path: "/api/media/{key}",
    summary: "A stored object, to a signed-in member who may read it; ranges for video seeking.",
    description:
      "`key` holds slashes (`items/...`). A result is served while its item lives (in the trash only to the owner), an upload while its record stands; a key the member may not read answers as one that does not exist.",
    access: "view",
    params: z.object({ key: z.string().min(1).max(1024) }),
    produces: "application/octet-stream",
    errors: ["mediaNotFound", "invalidMediaKey"],
  },
});
