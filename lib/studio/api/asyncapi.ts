import { z } from "zod";
import {
  STREAM_CLOSE_CODES,
  STREAM_CONNECT,
  STREAM_PATH,
  STREAM_PERMISSION,
  STREAM_REFUSALS,
} from "./stream";
import { CLIENT_MESSAGES, SERVER_MESSAGES, type StreamMessage } from "./stream-messages";

/**
 * The live stream's published reference: an AsyncAPI 3.0 document generated from the stream's
 * declarations (lib/studio/api/stream.ts, stream-messages.ts), as openapi.ts does for the HTTP API.
 * It describes the studio: what it sends on the channel, what it receives, how a caller connects
 * (the security schemes and the WebSocket binding) and the close codes (`x-close-codes`: AsyncAPI
 * has no field for them). Payloads are JSON Schema draft-07, the base of AsyncAPI's own schema
 * format. No server imports: the reference page reads this too.
 */

type Json = Record<string, unknown>;

export interface AsyncApiDocument {
  asyncapi: "3.0.0";
  info: { title: string; version: string; description: string };
  servers?: Record<string, Json>;
  defaultContentType: string;
  channels: Record<string, Json>;
  operations: Record<string, Json>;
  components: {
    messages: Record<string, Json>;
    schemas: Record<string, Json>;
    securitySchemes: Record<string, Json>;
  };
  "x-close-codes": { code: number; name: string; meaning: string; next: string }[];
  "x-handshake-refusals": { status: number; meaning: string }[];
}

export interface AsyncApiOptions {
  version?: string;
  /** The studio's own address (`https://studio.example`), when known: the document's server. */
  serverUrl?: string;
}

const CHANNEL = "stream";
const SESSION_COOKIE = "better-auth.session_token";

/** zod's draft-07 schema of a payload, with any named definitions lifted into the components. */
function payloadSchema(schema: z.ZodType, components: Record<string, Json>, prefix: string): Json {
  const out = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" }) as Json;
  delete out.$schema;
  const defs = out.definitions as Record<string, Json> | undefined;
  delete out.definitions;
  if (!defs) return out;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const copy: Json = {};
    for (const [key, value] of Object.entries(node)) {
      copy[key] =
        key === "$ref" && typeof value === "string" && value.startsWith("#/definitions/")
          ? `#/components/schemas/${prefix}.${value.slice("#/definitions/".length)}`
          : rewrite(value);
    }
    return copy;
  };
  for (const [name, def] of Object.entries(defs)) components[`${prefix}.${name}`] = rewrite(def) as Json;
  return rewrite(out) as Json;
}

const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export function asyncApiDocument(options: AsyncApiOptions = {}): AsyncApiDocument {
  const schemas: Record<string, Json> = {};
  const messages: Record<string, Json> = {};
  const channelMessages: Record<string, Json> = {};
  const operations: Record<string, Json> = {};

  const declare = (
    side: "server" | "client",
    declared: Record<string, StreamMessage>,
    action: "send" | "receive",
  ) => {
    for (const [name, spec] of Object.entries(declared)) {
      const id = side === "server" ? name : `client${capitalized(name)}`;
      messages[id] = {
        name: id,
        title: spec.title,
        summary: spec.summary,
        contentType: "application/json",
        payload: payloadSchema(spec.schema, schemas, id),
      };
      channelMessages[id] = { $ref: `#/components/messages/${id}` };
      operations[`${action}${capitalized(id)}`] = {
        action,
        title: spec.title,
        summary: spec.summary,
        channel: { $ref: `#/channels/${CHANNEL}` },
        messages: [{ $ref: `#/channels/${CHANNEL}/messages/${id}` }],
      };
    }
  };
  // The studio sends the server's frames and receives the tab's messages.
  declare("server", SERVER_MESSAGES, "send");
  declare("client", CLIENT_MESSAGES, "receive");

  const server = options.serverUrl ? new URL(options.serverUrl) : null;

  return {
    asyncapi: "3.0.0",
    info: {
      title: "Media Studio live stream",
      version: options.version ?? "0.0.0",
      description: [
        "The studio's live stream: one WebSocket carrying the team's new results, the member's own task progress, gallery changes and who is on the same page.",
        `Needs a member whose role grants ${STREAM_PERMISSION}.`,
      ].join(" "),
    },
    ...(server
      ? {
          servers: {
            studio: {
              host: server.host,
              protocol: server.protocol === "https:" ? "wss" : "ws",
              description: "This studio.",
              security: [
                { $ref: "#/components/securitySchemes/sessionCookie" },
                { $ref: "#/components/securitySchemes/bearerAuth" },
              ],
            },
          },
        }
      : {}),
    defaultContentType: "application/json",
    channels: { [CHANNEL]: streamChannel(channelMessages) },
    operations,
    components: {
      messages,
      schemas,
      securitySchemes: {
        sessionCookie: {
          type: "httpApiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: "A signed-in browser's session; the upgrade must come from the studio's origin.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A personal access token (`mst_...`), made in Settings > Access tokens.",
        },
      },
    },
    "x-close-codes": STREAM_CLOSE_CODES.map((c) => ({ ...c })),
    "x-handshake-refusals": STREAM_REFUSALS.map((r) => ({ ...r })),
  };
}

/** The stream's one channel: how to connect and resume, its refusals and close codes, and its messages. */
function streamChannel(channelMessages: Record<string, Json>): Json {
  const closeCodes = STREAM_CLOSE_CODES.map((c) => `- ${c.code} ${c.name}: ${c.meaning} ${c.next}`).join(
    "\n",
  );
  const refusals = STREAM_REFUSALS.map((r) => `- ${r.status}: ${r.meaning}`).join("\n");
  return {
    address: STREAM_PATH,
    title: "Live stream",
    description: [
      `Connect: ${STREAM_CONNECT.session} Or: ${STREAM_CONNECT.token}`,
      STREAM_CONNECT.resume,
      `Refusals of the upgrade:\n${refusals}`,
      `Close codes:\n${closeCodes}`,
    ].join("\n\n"),
    messages: channelMessages,
    bindings: {
      ws: {
        method: "GET",
        query: {
          type: "object",
          properties: {
            epoch: { type: "string", description: "The epoch of the last event received, to resume." },
            since: {
              type: "string",
              pattern: "^[0-9]+$",
              description: "The seq of the last event received, to resume.",
            },
          },
        },
        headers: {
          type: "object",
          properties: {
            Authorization: {
              type: "string",
              pattern: "^Bearer mst_",
              description:
                "A personal access token, for a script; a browser sends its session cookie instead.",
            },
          },
        },
        bindingVersion: "0.1.0",
      },
    },
  };
}
