import { resource } from "./endpoint";

/** The studio API's published reference, generated from every declaration. */
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
});
