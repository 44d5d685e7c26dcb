import { z } from "zod";
import { shareLinkCreateSchema } from "@/lib/studio/organize/organize";
import { pageQuery, resource, uuid } from "./endpoint";

/** Share links: what people without an account may open, until the link expires or is revoked. */

export const shareLinkViewSchema = z.object({
  id: z.string(),
  target: z.object({ kind: z.enum(["item", "board", "round"]), id: z.string(), label: z.string() }),
  allowComments: z.boolean(),
  /** A vote's link that takes guests' votes while the vote is open. */
  guestVotes: z.boolean(),
  showParams: z.boolean(),
  /**
   * The token's first characters, as the link's address shows them after `/s/`, so a person can
   * tell which row is the link they handed out; null for links made before it was kept.
   */
  prefix: z.string().nullable(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ShareLinkView = z.infer<typeof shareLinkViewSchema>;

export const shareLinkPageSchema = z.object({
  links: z.array(shareLinkViewSchema),
  nextCursor: z.string().nullable(),
});

export const shareLinks = resource("shareLinks", {
  list: {
    method: "GET",
    path: "/api/share-links",
    summary: "Every share link, newest first, with what it names, who made it and its expiry.",
    access: "organize",
    query: z.object({ ...pageQuery(100, 200) }),
    response: shareLinkPageSchema,
    errors: ["invalidCursor"],
  },
  create: {
    method: "POST",
    path: "/api/share-links",
    summary: "Makes a link to one item, one board or one vote; its `url` holds the token, shown this once.",
    access: "organize",
    body: shareLinkCreateSchema,
    status: 201,
    response: z.object({ link: shareLinkViewSchema, url: z.string() }),
    errors: ["notFound", "boardNotFound", "teamLimit", "voteClosed"],
    invalidates: ["shareLinks"],
  },
  revoke: {
    method: "DELETE",
    path: "/api/share-links/{id}",
    summary: "Revokes a link: from then on it shows 'expired or revoked', media included.",
    access: "organize",
    params: z.object({ id: uuid() }),
    status: 204,
    errors: ["shareLinkNotFound"],
    invalidates: ["shareLinks"],
  },
});
