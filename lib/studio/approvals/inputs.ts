import { z } from "zod";
import { multilineText, oneLineText } from "../person-text";
import { APPROVAL_DECISIONS, APPROVAL_LIMITS } from "./approvals";
import { isTimeZone } from "./digest-time";

/** What a review request is made and decided with, written once for the forms and the server. */

const decisionSchema = z.enum(APPROVAL_DECISIONS, {
  error: `decision is one of ${APPROVAL_DECISIONS.join(", ")}.`,
});

/** The team's digest hour, as Settings saves it and the server keeps it (see ./digest-time.ts). */
export const digestSettingSchema = z.object({
  hour: z
    .number({ error: "hour is a whole hour from 0 to 23." })
    .int({ error: "hour is a whole hour from 0 to 23." })
    .min(0, { error: "hour is a whole hour from 0 to 23." })
    .max(23, { error: "hour is a whole hour from 0 to 23." }),
  timeZone: z
    .string({ error: "timeZone is a time zone such as Europe/Paris." })
    .max(64, { error: "timeZone is a time zone such as Europe/Paris." })
    .refine(isTimeZone, { error: "timeZone is a time zone such as Europe/Paris." }),
});

const id = z.uuid({ error: "An id is a UUID." });
const L = APPROVAL_LIMITS;

const dueAtSchema = z.iso
  .datetime({ offset: true, error: "dueAt is a date and time (ISO 8601), or null." })
  .nullable();

/** A guest's address, if the requester knows it: their link is emailed there. */
const guestEmailSchema = z
  .email({ error: "guestEmail is an email address." })
  .max(L.guestEmailMax)
  .optional();

export const reviewerInputSchema = z.union([
  z.strictObject({ userId: z.string().min(1).max(100) }),
  z.strictObject({
    guestName: oneLineText()
      .trim()
      .min(1, "A guest reviewer needs a name.")
      .max(L.guestNameMax, `A guest's name has at most ${L.guestNameMax} characters.`),
    guestEmail: guestEmailSchema,
  }),
]);
export type ReviewerInput = z.infer<typeof reviewerInputSchema>;

/** A reviewer added to a request that exists: a member, or a guest by name and, if known, email. */
export const newReviewerSchema = z.union([
  z.strictObject({ userId: z.string().min(1).max(100) }),
  z.strictObject({
    guestName: oneLineText()
      .trim()
      .min(1, "A guest reviewer needs a name.")
      .max(L.guestNameMax, `A guest's name has at most ${L.guestNameMax} characters.`),
    guestEmail: guestEmailSchema,
  }),
]);
export type NewReviewer = z.infer<typeof newReviewerSchema>;

export const reviewerAddSchema = z.strictObject({
  stage: z
    .number({ error: "stage is a stage's number, from 1." })
    .int({ error: "stage is a stage's number, from 1." })
    .min(1, { error: "stage is a stage's number, from 1." })
    .max(L.stagesMax, { error: "stage is a stage's number, from 1." }),
  reviewer: newReviewerSchema,
});
export const reviewerReplaceSchema = z.strictObject({ reviewer: newReviewerSchema });

export const stageInputSchema = z.strictObject({
  name: oneLineText()
    .trim()
    .min(1, "A stage needs a name.")
    .max(60, "A stage's name has at most 60 characters."),
  reviewers: z
    .array(reviewerInputSchema)
    .min(1, "Each stage needs at least one reviewer.")
    .max(L.reviewersPerStageMax, `At most ${L.reviewersPerStageMax} reviewers in a stage.`),
});

export const approvalCreateSchema = z
  .strictObject({
    title: oneLineText()
      .trim()
      .min(1, "A review request needs a title.")
      .max(L.titleMax, `A title has at most ${L.titleMax} characters.`),
    dueAt: dueAtSchema.default(null),
    holdDownloads: z.boolean().default(false),
    boardId: id.optional(),
    itemIds: z
      .array(id)
      .min(1, "Choose at least one item.")
      .max(L.itemsMax, `At most ${L.itemsMax} items in one request.`)
      .optional(),
    stages: z
      .array(stageInputSchema)
      .min(1, "A review request needs at least one stage.")
      .max(L.stagesMax, `At most ${L.stagesMax} stages.`),
  })
  .refine((v) => (v.boardId === undefined) !== (v.itemIds === undefined), {
    message: "Ask for approval of a board (boardId) or of items (itemIds), one of the two.",
    path: ["boardId"],
  });
export type ApprovalCreate = z.infer<typeof approvalCreateSchema>;

export const approvalPatchSchema = z.strictObject({
  title: oneLineText().trim().min(1, "A review request needs a title.").max(L.titleMax).optional(),
  dueAt: dueAtSchema.optional(),
  holdDownloads: z.boolean().optional(),
});

export const decisionInputSchema = z.strictObject({
  decision: decisionSchema,
  note: multilineText().trim().max(L.noteMax, `A note has at most ${L.noteMax} characters.`).default(""),
});
export type DecisionInput = z.infer<typeof decisionInputSchema>;
