import { z } from "zod";
import { boardCreateSchema, boardPatchSchema, itemIdsSchema } from "@/lib/studio/organize/organize";
import { pageQuery, resource, uuid } from "./endpoint";

/** Boards: named collections of the gallery's items; an item may sit on several. */

export const boardViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  coverItemId: z.string().nullable(),
  coverUrl: z.string().nullable(),
  itemCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
/** A board as `boards.list` lists it: its cover and its live items' count. */
export type BoardView = z.infer<typeof boardViewSchema>;

export const boardPageSchema = z.object({
  boards: z.array(boardViewSchema),
  nextCursor: z.string().nullable(),
});
export type BoardPage = z.infer<typeof boardPageSchema>;

const oneBoard = z.object({ board: boardViewSchema });
const changedItems = z.object({
  /** The items whose membership changed: those not on the board yet, or those taken off. */
  changed: z.array(z.string()),
});
const idParams = z.object({ id: uuid() });

export const boards = resource("boards", {
  list: {
    method: "GET",
    path: "/api/boards",
    summary: "The team's boards, newest first, with cover and item count.",
    access: "view",
    query: z.object({ ...pageQuery(100, 200) }),
    response: boardPageSchema,
    errors: ["invalidCursor"],
  },
  create: {
    method: "POST",
    path: "/api/boards",
    summary: "Makes a board with a name and an optional description.",
    access: "organize",
    body: boardCreateSchema,
    status: 201,
    response: oneBoard,
    errors: ["teamLimit"],
    invalidates: ["boards"],
  },
  update: {
    method: "PATCH",
    path: "/api/boards/{id}",
    summary: "Renames a board, describes it or picks its cover among its items.",
    access: "organize",
    params: idParams,
    body: boardPatchSchema,
    response: oneBoard,
    errors: ["boardNotFound", "notFound"],
    invalidates: ["boards"],
  },
  delete: {
    method: "DELETE",
    path: "/api/boards/{id}",
    summary: "Deletes a board; its items stay in the gallery.",
    access: "organize",
    params: idParams,
    status: 204,
    errors: ["boardNotFound"],
    invalidates: ["boards"],
  },
  addItems: {
    method: "POST",
    path: "/api/boards/{id}/items",
    summary: "Puts items on the board; answers those that were not on it yet.",
    access: "organize",
    params: idParams,
    body: itemIdsSchema,
    response: changedItems,
    errors: ["boardNotFound", "notFound"],
    invalidates: ["boards", "gallery", "items"],
  },
  removeItems: {
    method: "DELETE",
    path: "/api/boards/{id}/items",
    summary: "Takes items off the board; they stay in the gallery.",
    access: "organize",
    params: idParams,
    body: itemIdsSchema,
    response: changedItems,
    errors: ["boardNotFound", "notFound"],
    invalidates: ["boards", "gallery", "items"],
  },
});
