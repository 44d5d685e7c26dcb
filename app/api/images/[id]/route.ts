import { route } from "@/lib/server/api/route";
import { studioImage } from "@/lib/server/tools/studio-images";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.uploads.image, async ({ user, params, db }) => {
  const image = await studioImage(db, params.id, user.role);
  if (!image) throw studioErrors.imageNotFound();
  return image;
});
