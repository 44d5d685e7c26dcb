// The types of fanout-frames.mjs, for its test (the floor itself is plain JavaScript).

export const WINDOW_MS: number;

export interface Hello {
  type: "hello";
  epoch: string;
  seq: number;
  userId: string;
}

export interface BoardEvent {
  type: "gallery";
  change: { kind: "board"; boardId: string };
  epoch: string;
  seq: number;
}

export function hello(epoch: string, seq: number, userId: string): Hello;
export function boardEvent(boardId: string, epoch: string, seq: number): BoardEvent;
export function eventFrame(event: Hello | BoardEvent): Buffer;
export function textFrame(payload: Buffer): Buffer;
export function frameWindow(
  windowMs: number,
  write: (chunk: Buffer) => void,
): { add(frame: Buffer): void; flush(): void };
