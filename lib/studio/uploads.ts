/** The largest image a browser may upload to the studio; the form checks it before sending. */
export const UPLOAD_LIMIT_BYTES = 20 * 1024 * 1024;

/** Why an image is refused for its size, worded the same by the form and the server. */
export const TOO_LARGE_MESSAGE = `The image is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB.`;
