// What the fan-out floor (fanout-floor.mjs) sends, apart from the server that sends it: the
// studio's greeting and gallery events as the studio's JSON (same keys in the same order), each
// framed once as the relay's `textFrame` frames it, and a window that leaves as one write of its
// frames back to back, as the relay's `Fanout` writes it. Plain JavaScript with no import of the
// studio's code, so the floor stays a bare server; fanout-floor.test.ts holds these to the
// studio's bytes.

/** As the relay's `CORK_MS`. */
export const WINDOW_MS = 10;

/** The greeting a socket gets first, as the relay's `catchUp` sends it. */
export function hello(epoch, seq, userId) {
  return { type: "hello", epoch, seq, userId };
}

/** A board change for the whole team, as the studio's event log delivers it. */
export function boardEvent(boardId, epoch, seq) {
  return { type: "gallery", change: { kind: "board", boardId }, epoch, seq };
}

/** An event as its socket is sent it: the JSON, framed once. */
export function eventFrame(event) {
  return textFrame(Buffer.from(JSON.stringify(event)));
}

/** A WebSocket text message as a server sends it (the relay's `textFrame`). */
export function textFrame(payload) {
  const header = payload.length < 126 ? 2 : payload.length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + payload.length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = payload.length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payload.length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(payload.length), 2);
  }
  payload.copy(frame, header);
  return frame;
}

/**
 * Frames gathered for `windowMs` from the first, then handed to `write` as one chunk (the frames
 * back to back); `flush` hands over what is gathered now.
 */
export function frameWindow(windowMs, write) {
  let frames = [];
  let timer = null;
  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (frames.length === 0) return;
    const chunk = frames.length === 1 ? frames[0] : Buffer.concat(frames);
    frames = [];
    write(chunk);
  }
  return {
    add(frame) {
      frames.push(frame);
      timer ??= setTimeout(flush, windowMs);
    },
    flush,
  };
}
