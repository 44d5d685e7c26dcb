/** One line of a shortcuts list: the keys pressed together, and what they do. */
export interface Shortcut {
  keys: readonly string[];
  action: string;
}
