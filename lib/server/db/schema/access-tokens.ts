import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "../../../studio/roles";
import { user } from "./auth";

/**
 * Personal access tokens: a member's keys for scripts and CI. Only the SHA-256 of the secret is
 * kept (the secret is shown once, when it is made); the prefix lets a member tell tokens apart.
 * The role is a ceiling: a request made with the token acts with the lower of it and the member's
 * role at that moment.
 *
 * No `server-only` here (see ./studio.ts).
 */
export const accessToken = pgTable(
  "access_token",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null: the token never expires. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("access_token_user_id_idx").on(t.userId)],
);
