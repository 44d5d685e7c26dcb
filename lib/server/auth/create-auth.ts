import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { account, rateLimit, session, user, verification } from "@/lib/server/db/schema/auth";
import { requestOrigin } from "@/lib/server/http/origin";
import { currentSignUpPermit } from "./permit";

/** Header `server.ts` sets from the socket's address, replacing any value a client sent. */
export const CLIENT_IP_HEADER = "x-studio-client-ip";

/** Failed or not, this many sign-in attempts per client address per window. */
export const SIGN_IN_LIMIT = { window: 60, max: 5 } as const;

export interface AuthOptions {
  secret: string;
  /** Fixed public URL of the studio; unset, the request's host is used (same-origin checks). */
  baseURL?: string | undefined;
}

/**
 * better-auth: email and password accounts with scrypt hashes, sessions in the database (so
 * "sign out everywhere" deletes them all), a rate limit on sign-in stored in the database (it
 * holds across restarts), and CSRF/origin checks on every cookie-bearing mutation.
 */
export function createAuth(db: StudioDb, options: AuthOptions) {
  return betterAuth({
    appName: "Media Studio",
    secret: options.secret,
    baseURL: options.baseURL ?? { allowedHosts: ["*"] },
    // Cookie-bearing requests are accepted from the studio's own pages only: the origin the
    // request was sent to (whatever host name people use to reach it), or its configured URL.
    trustedOrigins: async (request) => {
      const origins = options.baseURL ? [new URL(options.baseURL).origin] : [];
      if (request) origins.push(requestOrigin(request));
      return origins;
    },
    basePath: "/api/auth",
    // A wrong password is an everyday event, not a warning for the server's log.
    logger: { level: "error" },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, input: false, defaultValue: "viewer" },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          async before(data) {
            const permit = currentSignUpPermit();
            if (!permit) {
              throw new APIError("FORBIDDEN", {
                message: "This studio is private: ask its owner for an invitation.",
              });
            }
            return { data: { ...data, role: permit.role } };
          },
        },
      },
      session: {
        create: {
          // A removed member's password no longer opens a session.
          async before(data) {
            const [row] = await db
              .select({ deactivatedAt: user.deactivatedAt })
              .from(user)
              .where(eq(user.id, data.userId));
            if (!row || row.deactivatedAt !== null) {
              throw new APIError("UNAUTHORIZED", { message: "This account was removed from the studio." });
            }
            return { data };
          },
        },
      },
    },
  });
}

export type StudioAuth = ReturnType<typeof createAuth>;
