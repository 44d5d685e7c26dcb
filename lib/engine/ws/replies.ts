import "server-only";
import type { RawData } from "ws";
import type { Task } from "@/lib/protocol/envelope";
import type { ServiceError } from "@/lib/protocol/errors";
import type { ResultObject } from "../shared/types";

/** The socket-level answers and their small helpers. */

export function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString("utf8");
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.from(data).toString("utf8");
}

export function refOf(task: Task): { taskType: string; taskUUID?: string } {
  const taskUUID = "taskUUID" in task ? task.taskUUID : undefined;
  return taskUUID === undefined ? { taskType: task.taskType } : { taskType: task.taskType, taskUUID };
}

/**
 * Tags an error with the client's taskUUID only when the client sent one: SDK clients match an
 * authentication error by `taskUUID || taskType`, so an invented UUID would hide it from them.
 */
export function withTaskUUID(error: ServiceError, taskUUID: string | undefined): ServiceError {
  return taskUUID === undefined ? error : { ...error, taskUUID };
}

export function authResult(connectionSessionUUID: string, taskUUID: string | undefined): ResultObject {
  const result: ResultObject = { taskType: "authentication", connectionSessionUUID };
  if (taskUUID !== undefined) result.taskUUID = taskUUID;
  return result;
}

export function pong(taskUUID: string | undefined): ResultObject {
  const result: ResultObject = { taskType: "ping", pong: true };
  if (taskUUID !== undefined) result.taskUUID = taskUUID;
  return result;
}

/** A second authentication on a socket, for another account or another session. */
export function alreadyAuthenticated(): ServiceError {
  return {
    code: "conflictAuthentication",
    message:
      "This connection is already authenticated. Open a new connection to use another account or resume another session.",
    parameter: "connectionSessionUUID",
    type: "string",
    taskType: "authentication",
  };
}
