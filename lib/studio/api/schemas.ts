import { resource } from "./endpoint";

export const schemas = resource("schemas", {
  get: {
    method: "GET",
    path: "/api/schemas",
    summary: "The contract's task schemas as JSON Schema, for tools that do not speak zod.",
    description: "Not wrapped in `{ data }`: the JSON Schema documents themselves, cached for five minutes.",
    access: "public",
    produces: "application/json",
  },
});
