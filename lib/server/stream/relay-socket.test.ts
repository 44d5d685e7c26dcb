import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { socketOutlet } from "./relay-socket";

/** As much of a `ws` socket as an outlet touches: its state, what waits unsent, its TCP socket. */
function fakeSocket(bufferedAmount = 0) {
  const written: Buffer[] = [];
  const closed: number[] = [];
  const socket = {
    readyState: WebSocket.OPEN as number,
    bufferedAmount,
    _socket: { write: (chunk: Buffer) => written.push(chunk) },
    close: (code: number) => {
      closed.push(code);
      socket.readyState = WebSocket.CLOSING;
    },
  };
  return { socket, written, closed, ws: socket as unknown as WebSocket };
}

const frame = Buffer.from([0x81, 0x01, 0x61]);

describe("a socket's outlet", () => {
  it("writes whole frames to the socket until the relay ends it, then nothing", () => {
    const { ws, written } = fakeSocket();
    const outlet = socketOutlet(ws, "u1", 1024);
    outlet.write(frame);
    expect(written).toEqual([frame]);
    outlet.end();
    outlet.write(frame);
    expect(written).toHaveLength(1);
  });

  it("writes nothing to a socket that is closing", () => {
    const { socket, ws, written } = fakeSocket();
    socket.readyState = WebSocket.CLOSING;
    socketOutlet(ws, "u1", 1024).write(frame);
    expect(written).toEqual([]);
  });

  it("closes a socket whose reader is too far behind (1013) instead of buffering more", () => {
    const { ws, written, closed } = fakeSocket(2048);
    const outlet = socketOutlet(ws, "u1", 1024);
    outlet.write(frame);
    outlet.write(frame);
    expect(written).toEqual([]);
    expect(closed).toEqual([1013]);
  });
});
