import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { extractSourceText, firstWords } from "./source-text";

describe("extractSourceText", () => {
  it("reads an HTML page's title and body text, without scripts and navigation", () => {
    const html = `<!doctype html><html><head><title>Tide &amp; Time</title><script>var x = "no";</script></head>
      <body><nav>Home About</nav><h1>Tide &amp; Time</h1><p>The moon pulls the sea twice a day.</p></body></html>`;
    expect(extractSourceText(Buffer.from(html), "text/html")).toEqual({
      title: "Tide & Time",
      body: "The moon pulls the sea twice a day.",
    });
  });

  it("reads the strings of a PDF's text operators, compressed or not", () => {
    const content = deflateSync(Buffer.from("BT /F1 24 Tf (Annual) Tj [(Re) -20 (port)] TJ ET"));
    const pdf = Buffer.concat([
      Buffer.from(
        "%PDF-1.4\n1 0 obj << /Title (Annual Report) >> endobj\n2 0 obj << /Filter /FlateDecode >>\nstream\n",
      ),
      content,
      Buffer.from("\nendstream\nendobj\n%%EOF"),
    ]);
    expect(extractSourceText(pdf, "application/pdf")).toEqual({
      title: "Annual Report",
      body: "Annual Report",
    });
  });

  it("takes the first line of plain text or Markdown as the title; never throws on binary", () => {
    expect(extractSourceText(Buffer.from("# Field notes\n\nHerons at dawn.\n"), "text/markdown")).toEqual({
      title: "Field notes",
      body: "Herons at dawn.",
    });
    expect(extractSourceText(Buffer.from([0, 1, 2, 255, 254]), "application/octet-stream")).toEqual({
      title: "",
      body: "",
    });
    expect(firstWords("one two  three four", 3)).toBe("one two three");
  });
});
