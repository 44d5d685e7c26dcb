import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { Gate } from "@/lib/server/auth/guard";
import { streamMembers } from "./member-sockets";

/** A gate whose session lookups are counted, and answered when the test says. */
function countedGate() {
  const asked: string[] = [];
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const gate = {
    auth: {
      api: {
        getSession: async ({ headers }: { headers: Headers }) => {
          const cookie = headers.get("cookie") ?? "";
          asked.push(cookie);
          await answered;
          return {
            user: { id: cookie, name: "N", email: "n@studio.test", role: "editor" },
            session: { id: `s-${cookie}` },
          };
        },
      },
    },
  } as unknown as Gate;
  return { gate, asked, answer };
}

const upgrade = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;

describe("streamMembers", () => {
  it("reads a session once for all the upgrades with its cookie that arrive while it is read", async () => {
    const { gate, asked, answer } = countedGate();
    const members = streamMembers({ gate, team: { sessionStanding: async () => null } });
    const attack = Array.from({ length: 1000 }, () => members.authenticate(upgrade("ada")));
    const other = members.authenticate(upgrade("grace"));
    expect(await members.authenticate(upgrade())).toBeNull();
    answer();
    const found = await Promise.all(attack);
    expect(asked).toEqual(["ada", "grace"]);
    expect(new Set(found.map((m) => m?.sessionId))).toEqual(new Set(["s-ada"]));
    expect((await other)?.userId).toBe("grace");
    // Nothing is remembered once read: the next socket's session is read afresh.
    await members.authenticate(upgrade("ada"));
    expect(asked).toEqual(["ada", "grace", "ada"]);
  });
});
