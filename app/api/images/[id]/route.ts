import { route } from "@/lib/server/api/route";
import { studioImage } from "@/lib/server/tools/studio-images";
import { api } from "@/lib/studio/api";
import { studioErrors } from "@/lib/studio/api/errors";

export const GET = route(api.uploads.image, async ({ params, db }) => {
  const image = await studioImage(db, params.id);
  if (!image) throw studioErrors.imageNotFound();
  return image;
});
