import { resource } from "./endpoint";

/** The studio API's published references, generated from every declaration: HTTP and the live stream. */
export const reference = resource("reference", {
  openapi: {
    method: "GET",
    path: "/api/openapi.json",
    summary: "This reference: the OpenAPI 3.1 document of every endpoint of the studio's API.",
    description:
      "The document itself, not wrapped in `{ data }`, so OpenAPI tools read it as it is. The studio's Settings show it as a page.",
    access: "view",
    produces: "application/json",
  },
  asyncapi: {
    method: "GET",
    path: "/api/asyncapi.json",
    summary: "The live stream's reference: the AsyncAPI 3.0 document of every message of /api/stream.",
    description:
      "What the studio sends on its WebSocket and what it reads, how to connect (session cookie or access token) and the close codes. The studio's Settings show it as a page.",
    access: "view",
    produces: "application/json",
  },
});
