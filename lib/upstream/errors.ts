import "server-only";
import { type ServiceError, serviceErrors } from "@/lib/protocol/errors";

/**
 * Errors this client makes itself, when the service gave no error object to pass on. Each is the
 * contract's error object with a code from the real service's families (docs/real-service.md,
 * "Errors"):
 *
 * - `serviceUnavailable`: the service could not be reached (connection refused or reset, DNS),
 *   answered with no usable body, or the socket's send queue is full or closed.
 * - `timeoutProvider`: the service did not answer within the attempt's time or the request's total
 *   deadline. The real service uses this code for its own timeouts; from the studio's side the
 *   service is the provider. A POST that timed out may still have been accepted: poll its tasks.
 * - `internalServerError`: a 2xx answer that is not the contract's envelope.
 * - `requestAborted`: the caller's own `AbortSignal` fired. No service family covers a
 *   cancellation by the caller, so this one code is the client's own.
 */
/** The close code of a service that refused a message for its size (RFC 6455 7.4.1). */
export const MESSAGE_TOO_BIG = 1009;

export const upstreamErrors = {
  unreachable: (detail: string) =>
    serviceErrors.serviceUnavailable(`The media service could not be reached: ${detail}`),
  socketClosed: (code: number) =>
    serviceErrors.serviceUnavailable(
      `The media service could not be reached: ${
        code === MESSAGE_TOO_BIG
          ? "it closed the socket on a message too big for it (1009)"
          : `the socket closed (code ${code})`
      }`,
    ),
  timeout: (ms: number, what: string) => ({
    code: "timeoutProvider",
    message: `The media service did not answer ${what} within ${ms} ms. The task may still have been accepted: poll it before sending it again.`,
  }),
  malformed: (detail: string) =>
    serviceErrors.internalServerError(
      `The media service answered with something other than the contract's envelope: ${detail}`,
    ),
  aborted: () => ({
    code: "requestAborted",
    message: "The request was cancelled before the service answered.",
  }),
  queueFull: (limit: number) =>
    serviceErrors.serviceUnavailable(
      `The media service's socket is not connected and ${limit} messages already wait to be sent. Try again once it reconnects.`,
    ),
  /** Taken back from the socket's queue before any byte of it was written: it will never be sent. */
  notHandedOver: (detail = "the media service could not be reached in time") =>
    serviceErrors.serviceUnavailable(
      `The task was not sent: ${detail}. Nothing was charged; try again shortly.`,
    ),
  /**
   * An image the service refused for its size even as an upload of its own (the socket closed with
   * 1009, Message Too Big). The service states no limit; what a person can do is send less.
   */
  imageTooLarge: (parameter: string, chars: number) => ({
    code: "payloadTooLarge",
    message: `The image in ${parameter} (${megabytes(chars)} as sent) is too large for the media service: it refused even its upload. Send it smaller: fewer pixels, or as a JPEG or WebP rather than a PNG.`,
    parameter,
    type: "string",
  }),
  /** A task the service refused for its size that carries no image to upload apart. */
  taskTooLarge: (parameter: string | undefined, chars: number) => ({
    code: "payloadTooLarge",
    message: `The task (${megabytes(chars)} as sent) is too large for the media service, which closed its connection rather than read it${parameter ? `; its largest field is ${parameter}` : ""}. Send less in one task.`,
    ...(parameter ? { parameter } : {}),
  }),
  /** An image upload the service answered with an error: the task it was for cannot go. */
  uploadFailed: (parameter: string, cause: ServiceError) => ({
    ...cause,
    message: `The image in ${parameter} could not be uploaded to the media service: ${cause.message}`,
    parameter,
  }),
  closed: () =>
    serviceErrors.serviceUnavailable("The connection to the media service was closed by the studio."),
  /** An HTTP status without an error body (a proxy's page, an empty answer). */
  forStatus: (status: number): ServiceError => {
    const message = `The media service answered HTTP ${status} without an error object.`;
    if (status === 401) return { ...serviceErrors.invalidApiKey(), message };
    if (status === 402) return { code: "insufficientCredits", message };
    if (status === 403) return { code: "forbidden", message };
    // No error object on a 404 means the address is wrong, not the task: it must end in /v1.
    if (status === 404)
      return serviceErrors.serviceUnavailable(`${message} Check that the address ends in /v1.`);
    if (status === 408 || status === 504) return { code: "timeoutProvider", message };
    // The limit is the service's and unstated: what a person can do is send less.
    if (status === 413)
      return {
        code: "payloadTooLarge",
        message:
          "The media service refused the request as too large for it (HTTP 413). Send the image smaller: fewer pixels, or as a JPEG or WebP rather than a PNG.",
      };
    if (status === 429) return { code: "rateLimitExceeded", message };
    if (status >= 500) return serviceErrors.serviceUnavailable(message);
    return { code: "invalidRequestBody", message };
  },
} satisfies Record<string, (...args: never[]) => ServiceError>;

function megabytes(chars: number): string {
  return `${(chars / 1_048_576).toFixed(1)} MB`;
}

/** Codes worth another try later (a poll loop keeps going after them). */
export const TRANSIENT_CODES: ReadonlySet<string> = new Set([
  "serviceUnavailable",
  "internalServerError",
  "timeoutProvider",
  "rateLimitExceeded",
]);
