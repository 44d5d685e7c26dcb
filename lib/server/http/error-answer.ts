import "server-only";
import { isServiceError, type ServiceError } from "@/lib/protocol/errors";

/** An error the studio means to answer: its HTTP status and the contract's error object. */
export interface ErrorAnswer {
  status: number;
  error: ServiceError;
}

/**
 * The key under which a thrown error carries its answer. `server.ts` (run by tsx) and Next's
 * bundle each load their own copy of every module, so a class thrown by one copy is not an
 * `instanceof` the other's: a registered symbol is the same in both.
 */
export const ERROR_ANSWER = Symbol.for("media-studio.error-answer");

export interface CarriesAnswer {
  readonly [ERROR_ANSWER]: ErrorAnswer;
}

function isErrorAnswer(value: unknown): value is ErrorAnswer {
  if (typeof value !== "object" || value === null) return false;
  const { status, error } = value as { status?: unknown; error?: unknown };
  return (
    typeof status === "number" &&
    Number.isInteger(status) &&
    status >= 400 &&
    status <= 599 &&
    isServiceError(error)
  );
}

/** The answer a thrown value carries, whichever copy of the studio's modules threw it; else null. */
export function errorAnswerOf(thrown: unknown): ErrorAnswer | null {
  if (typeof thrown !== "object" || thrown === null) return null;
  const carried = (thrown as Partial<CarriesAnswer>)[ERROR_ANSWER];
  return isErrorAnswer(carried) ? carried : null;
}
