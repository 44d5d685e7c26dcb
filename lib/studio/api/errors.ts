import type { ServiceError } from "@/lib/protocol/errors";

/**
 * The studio API's one error type and its one list of errors.
 *
 * Server code throws an `ApiError`; `route` (lib/server/api/route.ts) answers it as
 * `{ errors: [...] }` with its status. The browser's client (lib/client/endpoint-client.ts) throws
 * the same class from the same envelope, so a form reads `error.errors` the same way whichever side
 * refused. No server imports here: the declarations and the browser read this file too.
 */

/** An error the studio means to answer: its HTTP status and the contract's error object. */
export interface ErrorAnswer {
  status: number;
  error: ServiceError;
}

/**
 * The key under which a thrown error carries its answer. `server.ts` (run by tsx) and Next's
 * bundle each load their own copy of every module, so a class thrown by one copy is not an
 * `instanceof` the other's: a registered symbol is the same in both.
 */
export const ERROR_ANSWER = Symbol.for("media-studio.error-answer");

export interface CarriesAnswer {
  readonly [ERROR_ANSWER]: ErrorAnswer | { status: number; errors: ServiceError[] };
}

export class ApiError extends Error implements CarriesAnswer {
  readonly status: number;
  readonly errors: ServiceError[];
  /** Answered as `Retry-After` (a rate limit, a busy queue). */
  retryAfterSeconds?: number;

  constructor(status: number, errors: ServiceError | ServiceError[]) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list.map((e) => e.message).join(" ") || `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.errors = list;
  }

  /** The same error, answered with `Retry-After: seconds`. */
  retryAfter(seconds: number): this {
    this.retryAfterSeconds = seconds;
    return this;
  }

  /** The first error: most refusals carry one. */
  get error(): ServiceError {
    return this.errors[0] ?? { code: "httpError", message: this.message };
  }

  get [ERROR_ANSWER](): { status: number; errors: ServiceError[] } {
    return { status: this.status, errors: this.errors };
  }
}

function studioError(status: number, code: string, message: string, parameter?: string): ApiError {
  return new ApiError(status, parameter === undefined ? { code, message } : { code, message, parameter });
}

/**
 * Every error the studio's own API answers, each written once with its status. A declaration
 * names the ones its endpoint may answer (`errors: ["experimentNotFound"]`) and the published
 * reference lists them; a handler throws `studioErrors.experimentNotFound()`.
 */
export const studioErrors = {
  // Who may call --------------------------------------------------------------------------------
  notSignedIn: () => studioError(401, "missingSession", "Sign in to use the studio."),
  invalidToken: () =>
    studioError(
      401,
      "invalidToken",
      "This access token is unknown, revoked or expired. Make a new one in Settings.",
      "authorization",
    ),
  tokenNotAccepted: () =>
    studioError(
      403,
      "tokenNotAccepted",
      "This takes a signed-in session: an access token cannot manage members, keys or tokens.",
      "authorization",
    ),
  forbiddenRole: (need: string) =>
    studioError(403, "forbidden", `This needs the ${need} role or a stronger one. Ask the studio's owner.`),
  invalidOrigin: () =>
    studioError(
      403,
      "invalidOrigin",
      "The request did not come from the studio's own pages (its Origin header is missing or foreign).",
      "origin",
    ),
  rateLimited: (seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      `Too many requests with this token. Wait ${seconds} s, then try again.`,
    ),

  // What was asked ------------------------------------------------------------------------------
  invalidCursor: () => studioError(400, "invalidCursor", "cursor is not one this list gave.", "cursor"),
  invalidLimit: (max: number) =>
    studioError(400, "invalidLimit", `limit is a whole number from 1 to ${max}.`, "limit"),
  invalidBody: (message: string, parameter = "body") =>
    studioError(400, "invalidRequestBody", message, parameter),
  payloadTooLarge: (limitBytes: number) =>
    studioError(
      413,
      "payloadTooLarge",
      `The request body is larger than this endpoint takes (${limitBytes} bytes).`,
      "body",
    ),
  notFound: (what: string, parameter: string) =>
    studioError(404, "notFound", `No ${what} was found.`, parameter),
  experimentNotFound: (parameter = "id") =>
    studioError(404, "experimentNotFound", "There is no such experiment.", parameter),
  evalSetNotFound: (parameter = "id") =>
    studioError(404, "evalSetNotFound", "There is no such evaluation set.", parameter),
  voteNotFound: (parameter = "id") =>
    studioError(404, "voteNotFound", "There is no such blind vote.", parameter),
  itemNotFound: (parameter = "id") =>
    studioError(404, "itemNotFound", "There is no such item in the gallery.", parameter),

  // Accounts ------------------------------------------------------------------------------------
  setupDone: () => studioError(409, "conflictSetup", "This studio already has an owner. Sign in instead."),
  invalidInvitation: () =>
    studioError(
      404,
      "invalidInvitation",
      "This invitation link is unknown, used, revoked or expired. Ask the owner for a new one.",
      "token",
    ),
  invitationEmailMismatch: () =>
    studioError(403, "invalidEmail", "This invitation was made for another email address.", "email"),
  removedMemberNeedsNamedInvite: () =>
    studioError(
      409,
      "emailTaken",
      "This email belonged to a member who was removed. To bring them back, an owner invites this email address.",
      "email",
    ),
  lastOwner: () =>
    studioError(
      409,
      "conflictLastOwner",
      "The studio needs at least one owner: make someone else owner first.",
      "role",
    ),
  signInLimited: (over: "account" | "address", seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      over === "account"
        ? `Too many sign-in attempts for this account. Wait ${seconds} s, then try again.`
        : `Too many sign-in attempts from this network address. Wait ${seconds} s, then try again.`,
      over === "account" ? "email" : undefined,
    ),
  invalidResetLink: () =>
    studioError(
      404,
      "invalidResetLink",
      "This password reset link is unknown, used or expired. Ask the studio's owner for a new one.",
      "token",
    ),

  // The team's room -----------------------------------------------------------------------------
  /** A team-wide cap reached (boards, live share links): the message says what frees room. */
  teamLimit: (message: string, parameter?: string) => studioError(409, "limitReached", message, parameter),
  unavailable: (message: string) => studioError(503, "serviceUnavailable", message),

  // Experiments, tasks, tools, uploads, prompts, limits --------------------------------------
  cellNotFound: () => studioError(404, "cellNotFound", "There is no such cell.", "key"),
  invalidFormat: () => studioError(400, "invalidFormat", "format is csv, json or png.", "format"),
  invalidLayer: () => studioError(400, "invalidLayer", "layer is a whole number from 0 to 49.", "layer"),
  taskNotFound: () => studioError(404, "notFound", "No task with this taskUUID was found.", "taskUUID"),
  imageNotFound: () => studioError(404, "notFound", "No image with this id was found.", "id"),
  /** An upload the studio cannot take: not an image, too large, damaged, or not in the `image` field. */
  invalidImage: (status: number, message: string) => studioError(status, "invalidImage", message, "image"),
  uploadsLimited: (seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      `Too many uploads this minute. Wait ${seconds} s, then try again.`,
      "image",
    ).retryAfter(seconds),
  invalidExperimentState: (message: string, parameter = "status") =>
    studioError(409, "invalidExperimentState", message, parameter),
  invalidAxis: () => studioError(400, "invalidAxis", "That experiment has no such axis.", "axis"),
  invalidAxisValue: (message: string) => studioError(400, "invalidValue", message, "value"),

  // (end of section)

  // The gallery's items, comments, trash and media -------------------------------------------
  noScrubStrip: () => studioError(404, "notFound", "Only videos have a scrub strip.", "id"),
  mediaNotFound: () => studioError(404, "notFound", "No such media.", "key"),
  invalidMediaKey: (message: string) => studioError(400, "invalidMediaKey", message, "key"),
  commentNotFound: (parameter = "id") => studioError(404, "notFound", "No comment was found.", parameter),
  invalidCommentRange: (message: string) => studioError(400, "invalidRange", message, "pin.endSeconds"),
  marksNeedMoment: () =>
    studioError(
      400,
      "invalidMarks",
      "Marks on a video are drawn on one frame: pin the comment to a moment.",
      "pin",
    ),
  replyMarks: () =>
    studioError(
      400,
      "invalidMarks",
      "A reply carries no marks: draw on the media with a new comment.",
      "marks",
    ),
  itemMediaMissing: () => studioError(404, "notFound", "This item's media is missing.", "id"),
  someItemsMissing: () => studioError(404, "notFound", "Some items are not in the gallery.", "itemIds"),
  jumpNeedsDateOrder: () =>
    studioError(
      400,
      "invalidAt",
      "Invalid 'at': a jump to a month needs the newest-first or oldest-first order.",
      "at",
    ),
  thumbnailsBusy: () =>
    studioError(
      503,
      "serverBusy",
      "The studio is making many thumbnails right now. Try again in a moment.",
      "w",
    ).retryAfter(2),

  // (end of section)

  // Boards, saved searches, the inbox, share links and shared pages --------------------------

  draftStale: () =>
    studioError(409, "conflictDraft", "A newer copy of this draft is already saved.", "savedAt"),
  setupNotFound: () => studioError(404, "notFound", "No setup was found for this link.", "id"),
  boardNotFound: (parameter = "id") => studioError(404, "notFound", "No board was found.", parameter),
  savedSearchNotFound: () => studioError(404, "notFound", "No saved view was found.", "id"),
  savedSearchNotYours: () =>
    studioError(403, "forbidden", "Only the member who saved this view can change it.", "id"),
  shareLinkNotFound: () => studioError(404, "notFound", "No share link was found.", "id"),
  /** An unknown, guessed, expired and revoked token all answer alike to a guest. */
  shareLinkGone: () => studioError(404, "notFound", "This link has expired or was revoked.", "token"),
  sharedItemNotShown: () => studioError(404, "notFound", "This link does not show that item.", "itemId"),
  shareCommentsOff: () => studioError(403, "forbidden", "This link does not take comments.", "token"),
  guestCommentsLimited: (seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      `Too many comments on this link. Wait ${seconds} s, then try again.`,
      "token",
    ).retryAfter(seconds),
  guestNameTaken: () =>
    studioError(
      400,
      "invalidName",
      "That name belongs to a member of the team. Comment under a name of your own.",
      "name",
    ),
  // (end of section)

  // Evaluation sets and blind votes ----------------------------------------------------------
  /** A set (or the board or experiment it is made from) with no case to run. */
  noCases: (message: string, parameter: string) => studioError(422, "noCases", message, parameter),
  /** A vote that cannot be opened as asked: the message says what to change. */
  invalidVote: (message: string, parameter: string, status: 400 | 409 | 422 = 400) =>
    studioError(status, "invalidVote", message, parameter),
  voteClosed: () =>
    studioError(409, "voteClosed", "This vote is closed: its votes can no longer change.", "id"),
  pairNotFound: () => studioError(404, "pairNotFound", "This vote has no such pair.", "pairId"),
  fourNotFound: () => studioError(404, "fourNotFound", "This vote has no such four.", "fourId"),
  /** An answer on a criterion the vote does not ask, or in a way it does not ask (pairs, fours). */
  notAsked: (message: string, parameter: string) => studioError(422, "notAsked", message, parameter),
  /** A member partway through a blind ballot asks for what would label its pictures. */
  ballotInProgress: () =>
    studioError(
      403,
      "ballotInProgress",
      "You are voting blind on these results: they show with their labels once you have voted on every pair or the vote is closed.",
      "id",
    ),
  voteMediaNotFound: () => studioError(404, "notFound", "This vote shows no such media.", "mediaId"),
  pickedResultMissing: () =>
    studioError(404, "itemNotFound", "One of these results no longer exists.", "items"),
  /** A share link that shows a vote's results but does not take guests' votes. */
  guestVotingOff: () => studioError(403, "forbidden", "This link does not take votes.", "token"),
  guestBallotMissing: () =>
    studioError(
      400,
      "noBallot",
      "This browser has no ballot for this vote yet: open the link's page first.",
      "cookie",
    ),
  guestVotesLimited: (over: "link" | "address", seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      over === "link"
        ? `Too many votes through this link right now. Wait ${seconds} s, then try again.`
        : `Too many votes from this network address right now. Wait ${seconds} s, then try again.`,
      "token",
    ).retryAfter(seconds),
  guestVotersLimited: (over: "link" | "address", seconds: number) =>
    studioError(
      429,
      "rateLimitExceeded",
      over === "link"
        ? `Too many new voters through this link this hour. Wait ${seconds} s, then try again.`
        : `Too many new voters from this network address this hour. Wait ${seconds} s, then try again.`,
      "token",
    ).retryAfter(seconds),
  guestBallotDiscarded: () =>
    studioError(
      403,
      "ballotDiscarded",
      "The vote's owner discarded this browser's votes: it can no longer vote here.",
      "cookie",
    ),
  guestNotFound: () => studioError(404, "notFound", "This vote has no such guest voter.", "guestId"),

  // (end of section)

  // Members, invitations, sessions, set-up, engine keys, webhooks ----------------------------
  engineNotEmbedded: () =>
    studioError(404, "notFound", "No embedded engine was found (this studio uses a remote service).", "path"),
  invalidWebhook: (reason: "body" | "token") =>
    reason === "body"
      ? studioError(
          400,
          "invalidWebhook",
          "The webhook body is not a result or error object with a taskUUID.",
          "body",
        )
      : studioError(403, "invalidWebhook", "This webhook token is not for that task.", "token"),
  // (end of section)

  // Personal access tokens -------------------------------------------------------------------
  tokenNotFound: (parameter = "id") =>
    studioError(
      404,
      "tokenNotFound",
      "There is no such access token, or it is not yours to revoke.",
      parameter,
    ),
  tokenRoleTooHigh: (mine: string) =>
    studioError(
      400,
      "invalidRole",
      `A token's role can be at most your own role (${mine}). Pick ${mine} or a weaker one.`,
      "role",
    ),
  tooManyTokens: (max: number) =>
    studioError(
      409,
      "limitReached",
      `You already have ${max} live access tokens. Revoke one you no longer use, then make the new one.`,
    ),
  /** Failed tokens only: a valid token is never held for them. */
  tokenAttemptsLimited: (seconds: number, over: "address" | "prefix" = "address") =>
    studioError(
      429,
      "rateLimitExceeded",
      over === "address"
        ? `Too many requests with unknown or revoked access tokens from this network address. Wait ${seconds} s, then try again.`
        : `Too many requests with unknown or revoked access tokens starting this way. Wait ${seconds} s, then try again.`,
      "authorization",
    ),

  // (end of section)

  // Spend and budgets --------------------------------------------------------------------------
  memberNotFound: (parameter = "members") =>
    studioError(404, "memberNotFound", "There is no such member of the team.", parameter),
  /**
   * 402 as the service answers a task its balance cannot pay (`insufficientCredits`): the task
   * was not sent, and sending it again changes nothing until the budget or the month does.
   */
  budgetExceeded: (message: string) => studioError(402, "budgetExceeded", message, "budget"),

  // (end of section)

  // Steering the queue -------------------------------------------------------------------------
  queueTaskNotYours: (parameter = "taskUUIDs") =>
    studioError(403, "forbidden", "Only the member who sent a task, or an owner, can steer it.", parameter),
  queueTaskNotWaiting: (parameter = "taskUUIDs") =>
    studioError(
      409,
      "taskAlreadySent",
      "That task is no longer waiting: it was sent to the service or has ended.",
      parameter,
    ),
  teamPauseOwnerOnly: () =>
    studioError(403, "forbidden", "Only an owner can pause or resume the whole team's queue.", "scope"),
  invalidQueueEdit: (message: string, parameter: string) =>
    studioError(400, "invalidParameter", message, parameter),

  // Approvals ----------------------------------------------------------------------------------
  approvalNotFound: (parameter = "id") =>
    studioError(404, "approvalNotFound", "There is no such review request.", parameter),
  approvalNotYours: () =>
    studioError(
      403,
      "forbidden",
      "Only the member who asked for this review, or an owner, can change it.",
      "id",
    ),
  approvalNotOpen: (status: string) =>
    studioError(409, "approvalNotOpen", `This review request is no longer in review (${status}).`, "id"),
  approvalNotStopped: () =>
    studioError(
      409,
      "approvalNotStopped",
      "Only a request stopped by a rejection or a request for changes can start a new round.",
      "id",
    ),
  notYourStage: () =>
    studioError(
      403,
      "notYourStage",
      "You are not a reviewer of the stage deciding now: your turn comes when the stage before is approved.",
      "decision",
    ),
  alreadyDecided: () =>
    studioError(409, "alreadyDecided", "You already decided in this round of the review.", "decision"),
  invalidApproval: (message: string, parameter: string) =>
    studioError(400, "invalidParameter", message, parameter),
  approvalLinkGone: () =>
    studioError(404, "notFound", "This review link has expired or was revoked.", "token"),
  approvalLinkWithdrawn: () =>
    studioError(
      410,
      "linkWithdrawn",
      "This review link was withdrawn by the person who asked for your review.",
      "token",
    ),
  approvalLinkReplaced: () =>
    studioError(
      410,
      "linkReplaced",
      "This review link was replaced by a newer one: ask the person who asked for your review for it.",
      "token",
    ),
  reviewerNotFound: () =>
    studioError(404, "notFound", "There is no such reviewer on this review request.", "reviewerId"),
  reviewerDecided: (name: string) =>
    studioError(
      409,
      "reviewerDecided",
      `${name} has already decided in this stage; the decision stays on record, so they stay too.`,
      "reviewerId",
    ),
  stageDecided: (parameter: string) =>
    studioError(
      409,
      "stageDecided",
      "This stage has already decided; its reviewers and their decisions stay on record.",
      parameter,
    ),
  lastReviewer: () =>
    studioError(
      409,
      "lastReviewer",
      "A stage needs at least one reviewer: add someone else to it before removing the last one.",
      "reviewerId",
    ),
  notAGuestReviewer: () =>
    studioError(400, "invalidParameter", "Only a guest reviewer has a review link.", "reviewerId"),
  downloadHeld: (parameter = "key") =>
    studioError(
      403,
      "downloadHeld",
      "This item is held for approval: it can be downloaded once its review request is approved.",
      parameter,
    ),

  // (end of section)
} as const;

export type StudioErrorName = keyof typeof studioErrors;

/** An error built on the spot (a conflict with its own words), for what the list cannot word. */
export function apiError(status: number, code: string, message: string, parameter?: string): ApiError {
  return studioError(status, code, message, parameter);
}
