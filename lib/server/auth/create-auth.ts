import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import type { StudioDatabase as StudioDb } from "@/lib/server/db/database";
import { account, rateLimit, session, user, verification } from "@/lib/server/db/schema/auth";
import { requestOrigin } from "@/lib/server/http/origin";
import { CLIENT_IP_HEADER } from "@/lib/server/http/request-stamp";
import { memberNameSchema } from "@/lib/studio/auth/accounts";
import { currentSignUpPermit } from "./permit";

export { CLIENT_IP_HEADER };

export interface AuthOptions {
  secret: string;
  /** Fixed public URL of the studio; unset, the request's host is used (same-origin checks). */
  baseURL?: string | undefined;
}

/**
 * better-auth: email and password accounts with scrypt hashes, sessions in the database (so
 * "sign out everywhere" deletes them all), a rate limit stored in the database (it holds across
 * restarts; sign-in has its own, per account and per address, in `sign-in-limit.ts`), and
 * CSRF/origin checks on every cookie-bearing mutation.
 */
export function createAuth(db: StudioDb, options: AuthOptions) {
  return betterAuth({
    appName: "Media Studio",
    secret: options.secret,
    // Unset, each request's own address is used. Not a dynamic `allowedHosts` list: that one
    // also trusts every origin its patterns match, and "*" would trust any https:// site.
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    // Cookie-bearing requests are accepted from the studio's own pages only: its configured URL,
    // or else the origin the request was sent to (whatever host name people use to reach it).
    trustedOrigins: async (request) => {
      if (options.baseURL) return [new URL(options.baseURL).origin];
      return request ? [requestOrigin(request)] : [];
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
        // Counted by the studio per account and per address (one address is a whole office).
        "/sign-in/email": false,
        "/sign-up/email": { window: 60, max: 10 },
      },
    },
    advanced: {
      // `Secure` is decided per request (cookie-security.ts): plain HTTP on a LAN address must
      // still keep a session. The cookie names stay the same either way.
      useSecureCookies: false,
      // better-auth turns its origin check off when NODE_ENV is "test"; the studio's stays on.
      disableOriginCheck: false,
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
            return { data: { ...data, name: checkedName(data.name), role: permit.role } };
          },
        },
        update: {
          // Whatever path renames an account, the name follows the studio's one rule.
          async before(data) {
            if (data.name === undefined) return { data };
            return { data: { ...data, name: checkedName(data.name) } };
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

function checkedName(value: unknown): string {
  const parsed = memberNameSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new APIError("BAD_REQUEST", {
    code: "invalidName",
    message: parsed.error.issues[0]?.message ?? "Enter a name.",
  });
}

export type StudioAuth = ReturnType<typeof createAuth>;
