import "server-only";

export type { WsCounters } from "./connection";
export { WS_CLOSE, WS_DEFAULTS, type WsServerOptions } from "./options";
export { createWsServer, type WsServer, type WsStats } from "./server";
