import { inflateSync } from "node:zlib";

/**
 * The words a document or web page contributes to a video: a title and the text that follows,
 * drawn as the shot's lower third. HTML gives its <title> (or first heading) and body text; PDF
 * gives the strings of its text operators (content streams are inflated when Flate-compressed);
 * plain text, Markdown and anything else give their printable runs. Never throws: a source
 * without readable words gives empty strings, and the shot simply has no title card.
 */

export interface SourceText {
  title: string;
  body: string;
}

const MAX_SCAN = 2 * 1024 * 1024;

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code =
        e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : " ";
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

function fromHtml(html: string): SourceText {
  const pick = (re: RegExp) => collapse(decodeEntities((html.match(re)?.[1] ?? "").replace(/<[^>]+>/g, " ")));
  const title = pick(/<title[^>]*>([\s\S]*?)<\/title>/i) || pick(/<h1[^>]*>([\s\S]*?)<\/h1>/i);
  const main = html.match(/<(main|article|body)[^>]*>([\s\S]*)/i)?.[2] ?? html;
  const body = collapse(
    decodeEntities(
      main
        .replace(/<(script|style|noscript|svg|nav|header|footer)[^>]*>[\s\S]*?<\/\1>/gi, " ")
        .replace(/<[^>]+>/g, " "),
    ),
  );
  return { title, body: body.startsWith(title) ? body.slice(title.length).trim() : body };
}

/** Strings shown by PDF text operators: (literal) Tj and [(a) -20 (b)] TJ. */
function fromPdf(bytes: Buffer): SourceText {
  const parts: string[] = [];
  const text = bytes.toString("latin1");
  const streams = text.matchAll(/stream\r?\n([\s\S]*?)endstream/g);
  for (const m of streams) {
    const raw = Buffer.from(m[1] ?? "", "latin1");
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|\(((?:[^)\\]|\\.)*)\)\s*T[j']/g)) {
      const chunk =
        op[1] !== undefined
          ? [...op[1].matchAll(/\(((?:[^)\\]|\\.)*)\)/g)].map((x) => x[1] ?? "").join("")
          : (op[2] ?? "");
      parts.push(
        chunk.replace(/\\([nrt()\\])/g, (_s, c: string) => (c === "n" || c === "r" || c === "t" ? " " : c)),
      );
    }
    if (parts.join(" ").length > 4000) break;
  }
  const body = collapse(parts.join(" "));
  const title = collapse(text.match(/\/Title\s*\(((?:[^)\\]|\\.)*)\)/)?.[1] ?? "");
  return { title, body };
}

/** Printable runs of a file we do not parse: at least a few letters in a row. */
function fromText(text: string): SourceText {
  const lines = text
    .split(/\r?\n/)
    .map((l) => collapse(l.replace(/^[#>*\-\s]+/, "").replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, " ")))
    .filter((l) => /\p{L}{2,}/u.test(l));
  const [title = "", ...rest] = lines;
  return { title, body: collapse(rest.join(" ")) };
}

export function extractSourceText(bytes: Buffer, mime: string): SourceText {
  try {
    const head = bytes.subarray(0, MAX_SCAN);
    if (head.subarray(0, 5).toString("latin1") === "%PDF-" || mime === "application/pdf")
      return fromPdf(head);
    const text = head.toString("utf8");
    if (/html|xml/i.test(mime) || /^\s*(<!doctype html|<html)/i.test(text)) return fromHtml(text);
    return fromText(text);
  } catch {
    return { title: "", body: "" };
  }
}

/** The first `n` words of a text. */
export function firstWords(text: string, n: number): string {
  return text.split(/\s+/).filter(Boolean).slice(0, n).join(" ");
}
