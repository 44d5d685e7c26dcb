/** A ControlNet guide image as the preprocessors make it: raw pixels, grey or RGB. */
export interface Guide {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}
