// Written by `npm run api:stream-shape` from the declarations in lib/studio/api/stream-messages.ts:
// run it again rather than edit this file. The shape of every frame the relay sends.
import type { Shape } from "./stream-shape";

export const STREAM_FRAME_SHAPE: Shape = {
  anyOf: [
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "hello",
        },
        epoch: {
          type: ["string"],
        },
        seq: {
          type: ["integer"],
        },
        userId: {
          type: ["string"],
        },
      },
      required: ["type", "epoch", "seq", "userId"],
    },
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "reset",
        },
        epoch: {
          type: ["string"],
        },
        seq: {
          type: ["integer"],
        },
      },
      required: ["type", "epoch", "seq"],
    },
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "item",
        },
        epoch: {
          type: ["string"],
        },
        seq: {
          type: ["integer"],
        },
        item: {
          type: ["object"],
          properties: {
            id: {
              type: ["string"],
            },
            taskUUID: {
              type: ["string"],
            },
            taskType: {
              type: ["string"],
            },
            workflow: {
              type: ["string"],
            },
            authorId: {
              type: ["string"],
            },
            authorName: {
              type: ["string"],
            },
            kind: {
              type: ["string"],
              enum: ["image", "video"],
            },
            mediaUUID: {
              type: ["string"],
            },
            url: {
              type: ["string"],
            },
            mime: {
              type: ["string"],
            },
            width: {
              type: ["number", "null"],
            },
            height: {
              type: ["number", "null"],
            },
            durationSeconds: {
              type: ["number", "null"],
            },
            seed: {
              type: ["string", "null"],
            },
            cost: {
              type: ["number", "null"],
            },
            nsfw: {
              type: ["boolean", "null"],
            },
            prompt: {
              type: ["string", "null"],
            },
            model: {
              type: ["string", "null"],
            },
            createdAt: {
              type: ["string"],
            },
            review: {
              type: ["object"],
              properties: {
                state: {
                  type: ["string"],
                  enum: ["draft", "in_review", "approved", "rejected"],
                },
                assigneeId: {
                  type: ["string", "null"],
                },
                ratingAvg: {
                  type: ["number", "null"],
                },
                ratingCount: {
                  type: ["integer"],
                },
                tags: {
                  type: ["array"],
                  items: {
                    type: ["string"],
                  },
                },
                boardIds: {
                  type: ["array"],
                  items: {
                    type: ["string"],
                  },
                },
                commentCount: {
                  type: ["integer"],
                },
                deletedAt: {
                  type: ["string", "null"],
                },
              },
              required: [
                "state",
                "assigneeId",
                "ratingAvg",
                "ratingCount",
                "tags",
                "boardIds",
                "commentCount",
                "deletedAt",
              ],
            },
            starred: {
              type: ["boolean"],
            },
            stack: {
              type: ["object"],
              properties: {
                id: {
                  type: ["string"],
                },
                version: {
                  type: ["integer"],
                },
                count: {
                  type: ["integer"],
                },
              },
              required: ["id", "version", "count"],
            },
            seedKey: {
              type: ["string"],
            },
            seedCount: {
              type: ["integer"],
            },
          },
          required: [
            "id",
            "taskUUID",
            "taskType",
            "workflow",
            "authorId",
            "authorName",
            "kind",
            "mediaUUID",
            "url",
            "mime",
            "width",
            "height",
            "durationSeconds",
            "seed",
            "cost",
            "nsfw",
            "prompt",
            "model",
            "createdAt",
          ],
        },
      },
      required: ["type", "epoch", "seq", "item"],
    },
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "task",
        },
        epoch: {
          type: ["string"],
        },
        seq: {
          type: ["integer"],
        },
        task: {
          type: ["object"],
          properties: {
            taskUUID: {
              type: ["string"],
            },
            taskType: {
              type: ["string"],
            },
            status: {
              type: ["string"],
              enum: ["queued", "processing", "success", "error"],
            },
            progress: {
              type: ["number", "null"],
            },
            itemCount: {
              type: ["integer"],
            },
            itemsDone: {
              type: ["integer"],
            },
            error: {
              anyOf: [
                {
                  type: ["object"],
                  properties: {
                    code: {
                      type: ["string"],
                    },
                    message: {
                      type: ["string"],
                    },
                    parameter: {
                      type: ["string"],
                    },
                  },
                  required: ["code", "message"],
                },
                {
                  type: ["null"],
                },
              ],
            },
            failedResults: {
              type: ["array"],
              items: {
                type: ["object"],
                properties: {
                  index: {
                    anyOf: [
                      {
                        type: ["integer"],
                      },
                      {
                        type: ["null"],
                      },
                    ],
                  },
                  code: {
                    type: ["string"],
                  },
                  message: {
                    type: ["string"],
                  },
                },
                required: ["index", "code", "message"],
              },
            },
            retry: {
              type: ["object"],
              properties: {
                attempt: {
                  type: ["integer"],
                },
                of: {
                  type: ["integer"],
                },
              },
              required: ["attempt", "of"],
            },
          },
          required: ["taskUUID", "taskType", "status", "progress", "itemCount", "itemsDone", "error"],
        },
      },
      required: ["type", "epoch", "seq", "task"],
    },
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "gallery",
        },
        epoch: {
          type: ["string"],
        },
        seq: {
          type: ["integer"],
        },
        change: {
          anyOf: [
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "review",
                },
                itemId: {
                  type: ["string"],
                },
                review: {
                  type: ["object"],
                  properties: {
                    state: {
                      type: ["string"],
                      enum: ["draft", "in_review", "approved", "rejected"],
                    },
                    assigneeId: {
                      type: ["string", "null"],
                    },
                    ratingAvg: {
                      type: ["number", "null"],
                    },
                    ratingCount: {
                      type: ["integer"],
                    },
                    tags: {
                      type: ["array"],
                      items: {
                        type: ["string"],
                      },
                    },
                    boardIds: {
                      type: ["array"],
                      items: {
                        type: ["string"],
                      },
                    },
                    commentCount: {
                      type: ["integer"],
                    },
                    deletedAt: {
                      type: ["string", "null"],
                    },
                  },
                  required: [
                    "state",
                    "assigneeId",
                    "ratingAvg",
                    "ratingCount",
                    "tags",
                    "boardIds",
                    "commentCount",
                    "deletedAt",
                  ],
                },
              },
              required: ["kind", "itemId", "review"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "trash",
                },
                itemIds: {
                  type: ["array"],
                  items: {
                    type: ["string"],
                  },
                },
              },
              required: ["kind", "itemIds"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "restore",
                },
                itemIds: {
                  type: ["array"],
                  items: {
                    type: ["string"],
                  },
                },
              },
              required: ["kind", "itemIds"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "purge",
                },
                itemIds: {
                  type: ["array"],
                  items: {
                    type: ["string"],
                  },
                },
              },
              required: ["kind", "itemIds"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "comment",
                },
                itemId: {
                  type: ["string"],
                },
                commentId: {
                  type: ["string"],
                },
              },
              required: ["kind", "itemId", "commentId"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "board",
                },
                boardId: {
                  type: ["string"],
                },
              },
              required: ["kind", "boardId"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "savedSearch",
                },
                id: {
                  type: ["string"],
                },
              },
              required: ["kind", "id"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "inbox",
                },
                unread: {
                  type: ["integer"],
                },
              },
              required: ["kind", "unread"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "experiment",
                },
                experimentId: {
                  type: ["string"],
                },
                cells: {
                  type: ["array"],
                  items: {
                    type: ["object"],
                    properties: {
                      key: {
                        type: ["string"],
                      },
                      status: {
                        type: ["string"],
                        enum: ["pending", "sent", "done", "error", "refused"],
                      },
                      errors: {
                        type: ["array"],
                        items: {
                          type: ["object"],
                          properties: {
                            code: {
                              type: ["string"],
                            },
                            message: {
                              type: ["string"],
                            },
                            parameter: {
                              type: ["string"],
                            },
                            type: {
                              type: ["string"],
                            },
                          },
                          required: ["code", "message"],
                        },
                      },
                      attempts: {
                        type: ["integer"],
                      },
                      taskUUID: {
                        type: ["string", "null"],
                      },
                      seconds: {
                        type: ["number", "null"],
                      },
                      items: {
                        type: ["array"],
                        items: {
                          type: ["object"],
                          properties: {
                            id: {
                              type: ["string"],
                            },
                            kind: {
                              type: ["string"],
                              enum: ["image", "video"],
                            },
                            url: {
                              type: ["string"],
                            },
                            width: {
                              type: ["number"],
                            },
                            height: {
                              type: ["number"],
                            },
                            cost: {
                              type: ["number", "null"],
                            },
                          },
                          required: ["id", "kind", "url", "width", "height", "cost"],
                        },
                      },
                    },
                    required: ["key", "status", "errors", "attempts", "taskUUID", "seconds", "items"],
                  },
                },
                ended: {
                  type: ["object"],
                  properties: {
                    by: {
                      type: ["string"],
                    },
                    name: {
                      type: ["string"],
                    },
                  },
                  required: ["by", "name"],
                },
              },
              required: ["kind", "experimentId"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "queue",
                },
                by: {
                  type: ["string"],
                },
              },
              required: ["kind", "by"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "round",
                },
                anchorId: {
                  type: ["string"],
                },
                roundId: {
                  type: ["string"],
                },
              },
              required: ["kind", "anchorId", "roundId"],
            },
            {
              type: ["object"],
              properties: {
                kind: {
                  type: ["string"],
                  const: "approval",
                },
                requestId: {
                  type: ["string"],
                },
                status: {
                  type: ["string"],
                  enum: ["inReview", "approved", "changesRequested", "rejected", "cancelled"],
                },
                stage: {
                  type: ["integer"],
                },
              },
              required: ["kind", "requestId", "status", "stage"],
            },
          ],
        },
      },
      required: ["type", "epoch", "seq", "change"],
    },
    {
      type: ["object"],
      properties: {
        type: {
          type: ["string"],
          const: "presence",
        },
        on: {
          type: ["string"],
        },
        members: {
          type: ["array"],
          items: {
            type: ["object"],
            properties: {
              userId: {
                type: ["string"],
              },
              name: {
                type: ["string"],
              },
            },
            required: ["userId", "name"],
          },
        },
        total: {
          type: ["integer"],
        },
      },
      required: ["type", "on", "members", "total"],
    },
  ],
};
