import "server-only";
import { errorResponse, StudioErrorException } from "@/lib/server/auth/studio-errors";
import { RecordError } from "@/lib/server/db";

/**
 * Runs a handler's work, turning a thrown studio error into its response in the contract's
 * shape, and a record that failed its checks (a bad cursor, a conflicting taskUUID) into a 400.
 */
export async function answer(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof StudioErrorException) return errorResponse(err.studioError);
    if (err instanceof RecordError) {
      return Response.json(
        {
          errors: [
            { code: err.code, message: err.message, ...(err.parameter ? { parameter: err.parameter } : {}) },
          ],
        },
        { status: 400 },
      );
    }
    throw err;
  }
}
