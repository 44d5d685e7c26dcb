// The whole database schema: drizzle-kit generates migrations from this file, and the studio
// builds its typed queries from it. No `server-only` (see ./studio.ts).
export * from "./access-tokens";
export * from "./approvals";
export * from "./auth";
export * from "./drafts";
export * from "./eval-sets";
export * from "./events";
export * from "./experiments";
export * from "./gallery";
export * from "./guest-votes";
export * from "./leases";
export * from "./notifications";
export * from "./queue";
export * from "./rate-limits";
export * from "./spend";
export * from "./studio";
export * from "./versions";
export * from "./votes";
