/**
 * A model in one line of words, where a menu or chip has room for one line only: its name first,
 * as people know it, with the AIR id beside it (the id is what the service runs, and two
 * versions of one model share a name). A model no catalogue names is its id alone.
 */
export function modelLabel(air: string, name: string | null | undefined): string {
  return name && name !== air ? `${name} · ${air}` : air;
}
