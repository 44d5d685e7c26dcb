import { route } from "@/lib/server/api/route";
import { sharedMediaResponse } from "@/lib/server/approvals/held-media";
import { api } from "@/lib/studio/api";

export const GET = route(api.share.media, ({ db, storage, link, request }) =>
  sharedMediaResponse({ db, storage }, link.item.id, {
    range: request.headers.get("range"),
    accept: request.headers.get("accept"),
  }),
);
