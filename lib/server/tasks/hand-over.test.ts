import { describe, expect, it } from "vitest";
import type { UpstreamClient, WireTask } from "@/lib/upstream";
import { handOverOrFail, type Job } from "./hand-over";

const job = (again = false): Job => {
  const taskUUID = crypto.randomUUID();
  return {
    taskUUID,
    wire: { taskType: "imageInference", taskUUID } as WireTask,
    sent: { taskType: "imageInference", taskUUID },
    async: false,
    author: { id: "ann", name: "Ann" },
    ...(again ? { again } : {}),
  };
};

function service(answer: "written" | "closed") {
  const sends: { uuids: (string | undefined)[]; again: boolean }[] = [];
  const upstream = {
    socket: {
      send: async (tasks: readonly WireTask[], _deadline?: AbortSignal, options?: { again?: boolean }) => {
        sends.push({ uuids: tasks.map((t) => t.taskUUID), again: options?.again === true });
        if (answer === "closed") throw { code: "serviceUnavailable", message: "closed by the studio" };
      },
    },
  } as unknown as Pick<UpstreamClient, "socket">;
  return { upstream, sends };
}

describe("handOverOrFail", () => {
  it("sends tasks taken up after a restart apart, marked as possibly held by the service", async () => {
    const { upstream, sends } = service("written");
    const [fresh, again] = [job(), job(true)];
    const keeper = { track() {}, fail: async () => undefined };
    await handOverOrFail({ upstream, keeper }, [fresh, again]);
    expect(sends).toEqual([
      { uuids: [fresh.taskUUID], again: false },
      { uuids: [again.taskUUID], again: true },
    ]);
  });

  it("records a task not sent as failed, unless the studio is stopping: then it stays for the next start", async () => {
    const { upstream } = service("closed");
    const failed: string[] = [];
    const keeper = {
      track() {},
      fail: async (taskUUID: string) => void failed.push(taskUUID),
      closing: true,
    };
    const waiting = job();
    await handOverOrFail({ upstream, keeper }, [waiting]);
    expect(failed).toEqual([]);
    keeper.closing = false;
    await handOverOrFail({ upstream, keeper }, [waiting]);
    expect(failed).toEqual([waiting.taskUUID]);
  });
});
