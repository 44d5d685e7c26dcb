import { defineConfig } from "drizzle-kit";

// One schema and one set of SQL migrations for both backends: the embedded PGlite database and a
// PostgreSQL server. `npm run db:generate` writes a new migration after a schema change; the
// studio applies pending ones when it opens the database.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/server/db/schema/index.ts",
  out: "./lib/server/db/migrations",
  strict: true,
});
