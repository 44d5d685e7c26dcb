/**
 * CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, fields quoted when they hold a
 * comma, quote or line break). A text field that a spreadsheet would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) is prefixed with a quote mark so that it opens as
 * text: prompts come from people, and a prompt is no place for a formula. Numbers stay numbers.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | null | undefined;

function field(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row and the rows, as one CSV document ending with a line break. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return `${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
