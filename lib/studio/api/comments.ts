import { z } from "zod";
import { commentPatchBody, commentViewSchema } from "@/lib/studio/comments/comments";
import { resource, uuid } from "./endpoint";

/** One comment by its id (an item's threads are read and added under the item). */
export const comments = resource("comments", {
  update: {
    method: "PATCH",
    path: "/api/comments/{id}",
    summary: "Resolves or reopens a comment, or edits my own comment's text.",
    access: "review",
    params: z.object({ id: uuid() }),
    body: commentPatchBody,
    response: z.object({ comment: commentViewSchema }),
    errors: ["commentNotFound"],
    invalidates: ["items", "versions"],
  },
});
