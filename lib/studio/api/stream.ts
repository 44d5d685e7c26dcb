/**
 * The studio's live stream: one WebSocket per tab (or script) on this path, carrying the messages
 * declared in lib/studio/api/stream-messages.ts. It is no HTTP endpoint (server.ts routes its
 * upgrade to the relay), so it is declared here apart from the resources; the AsyncAPI document
 * (`/api/asyncapi.json`) and the reference page read these declarations.
 */
export const STREAM_PATH = "/api/stream";

/**
 * Where a page's stream starts: the relay's epoch and newest event when the page was rendered. The
 * page reads everything it shows afterwards, so a first socket asking for what came since misses
 * nothing that happened between those reads and its joining the fan-out.
 */
export interface StreamStart {
  epoch: string;
  since: number;
}

/** The permission a socket's member needs: the stream carries what the gallery shows. */
export const STREAM_PERMISSION = "view" as const;

/**
 * How a caller opens the stream: a browser by its session cookie (and its own Origin), a script
 * by a personal access token in the upgrade's `Authorization: Bearer` header (no Origin needed).
 */
export const STREAM_CONNECT = {
  session: "The session cookie of a signed-in browser; the upgrade must come from the studio's own origin.",
  token:
    "A personal access token in the upgrade request's `Authorization: Bearer mst_...` header, as on HTTP endpoints. The socket acts with the token's role (never above its member's), is counted against the token's request budget, and closes when the token is revoked or expires.",
  resume:
    "After a drop, connect again with `?epoch=<epoch>&since=<seq>` from the last event received: the missed events come after the hello, or a reset when they are too old.",
} as const;

/**
 * Close codes the relay ends a socket with on purpose (4000-4999 are the application's own), so a
 * page knows what to do next rather than reconnecting as after a dropped network.
 */
export const STREAM_CLOSE = {
  /** The session ended: signed out (here or everywhere), removed from the team, or expired. Sign in again. */
  sessionEnded: 4401,
  /** The member's role changed: reconnect, and reload what the role decides. */
  roleChanged: 4409,
  /** The access token the socket was opened with was revoked or expired: it will be refused. */
  tokenRevoked: 4410,
  /** This browser's session was replaced by a new one (its cookie already holds it): reconnect. */
  sessionRenewed: 4412,
  /**
   * The socket is one too many: its session (or token) already holds 32, or its member 64, on this
   * instance (lib/server/stream/stream-sockets.ts, a number a person with many tabs never meets).
   * Nothing is wrong with the page; it tries again only after a long wait, when some tab may have closed.
   */
  tooManySockets: 4429,
} as const;

/**
 * The relay's server is stopping (a restart, a deploy, one instance of several leaving): the tab
 * reconnects at once, with what it holds, to resume (WebSocket's own "going away").
 */
export const STREAM_GOING_AWAY = 1001;

/** A close code the relay may end a socket with: its meaning and what a client does next. */
export interface StreamCloseCode {
  code: number;
  name: string;
  meaning: string;
  next: string;
}

/** Every close code the relay sends, its own and WebSocket's, in order. */
export const STREAM_CLOSE_CODES: readonly StreamCloseCode[] = [
  {
    code: STREAM_GOING_AWAY,
    name: "goingAway",
    meaning: "The server is stopping: a restart, a deploy, or one instance of several leaving.",
    next: "Reconnect soon, resuming with epoch and since.",
  },
  {
    code: 1009,
    name: "messageTooBig",
    meaning: "The client sent a frame over 16 KiB.",
    next: "Send only the declared messages.",
  },
  {
    code: 1013,
    name: "tooFarBehind",
    meaning: "The client stopped reading: over 4 MiB waited to be sent to it.",
    next: "Reconnect and resume; read frames as they come.",
  },
  {
    code: STREAM_CLOSE.sessionEnded,
    name: "sessionEnded",
    meaning: "The session ended: signed out here or everywhere, removed from the team, or expired.",
    next: "Sign in again.",
  },
  {
    code: STREAM_CLOSE.roleChanged,
    name: "roleChanged",
    meaning: "The member's role (or the token's) changed.",
    next: "Reconnect at once and read again what the role decides.",
  },
  {
    code: STREAM_CLOSE.tokenRevoked,
    name: "tokenRevoked",
    meaning: "The access token the socket was opened with was revoked or expired, or its member removed.",
    next: "Do not reconnect with it: make a new token in Settings.",
  },
  {
    code: STREAM_CLOSE.sessionRenewed,
    name: "sessionRenewed",
    meaning: "The browser's session was replaced by a new one, which its cookie already holds.",
    next: "Reconnect at once.",
  },
  {
    code: STREAM_CLOSE.tooManySockets,
    name: "tooManySockets",
    meaning: "One socket too many: 32 for one session or token, 64 for one member, on this instance.",
    next: "Wait a minute or more before trying again.",
  },
];

/** HTTP answers to the upgrade itself: the socket is refused before it opens. */
export const STREAM_REFUSALS: readonly { status: number; meaning: string }[] = [
  {
    status: 401,
    meaning:
      "No session cookie or token, or a token that is unknown, revoked or expired, or a malformed Authorization header.",
  },
  {
    status: 403,
    meaning: "A browser's upgrade from another origin, or a member whose role does not grant view.",
  },
  {
    status: 429,
    meaning: "Too many requests with this token, or too many wrong tokens: Retry-After says when.",
  },
  { status: 503, meaning: "The studio is stopping, or could not check the credentials: try again soon." },
];
