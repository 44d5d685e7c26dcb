import { Card } from "@/components/ui/card";
import { type AsyncApiDocument, asyncApiDocument } from "@/lib/studio/api/asyncapi";
import { STREAM_CONNECT, STREAM_PATH, STREAM_REFUSALS } from "@/lib/studio/api/stream";
import { type FieldRow, fieldRows } from "./stream-fields";

type Json = Record<string, unknown>;

/** A declaration's sentence, its `code` spans set as code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, in order.
          <code key={i} className="font-mono text-[0.92em] text-foreground">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

interface Message {
  id: string;
  title: string;
  summary: string;
  payload: Json;
}

function messagesOf(doc: AsyncApiDocument, action: "send" | "receive"): Message[] {
  return Object.values(doc.operations)
    .filter((op) => op.action === action)
    .map((op) => {
      const ref = ((op.messages as { $ref: string }[])[0]?.$ref ?? "").split("/").at(-1) ?? "";
      const message = doc.components.messages[ref] as { title: string; summary: string; payload: Json };
      return { id: ref, title: message.title, summary: message.summary, payload: message.payload };
    });
}

const typeOf = (payload: Json) => String(((payload.properties as Json).type as Json).const);

function Fields({ rows }: { rows: FieldRow[] }) {
  if (rows.length === 0) return <p className="text-muted text-sm">Only its type, epoch and seq.</p>;
  return (
    <dl className="grid grid-cols-[minmax(7rem,max-content)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map((row) => (
        <div key={row.name} className="contents">
          <dt className="font-mono text-[12.5px] text-foreground">
            {row.name}
            {row.optional ? <span className="text-muted-subtle"> (optional)</span> : null}
          </dt>
          <dd className="text-muted">
            <span className="text-accent-fg">{row.type}</span>
            {row.description ? (
              <>
                {" "}
                · <Prose text={row.description} />
              </>
            ) : null}
            {row.inner.length > 0 ? (
              <span className="mt-0.5 block text-muted-subtle text-xs">
                Holds {row.inner.slice(0, 12).join(", ")}
                {row.inner.length > 12 ? ` and ${row.inner.length - 12} more` : ""}.
              </span>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The kinds of change a gallery event carries, each with its own fields. */
function ChangeKinds({ payload }: { payload: Json }) {
  const change = (payload.properties as Record<string, Json>).change ?? {};
  const kinds = ((change.oneOf ?? change.anyOf) as Json[] | undefined) ?? [];
  return (
    <div className="flex flex-col gap-3 border-border border-t pt-3">
      <h4 className="font-medium text-[13px] text-foreground">Kinds of change</h4>
      <ul className="flex flex-col gap-3">
        {kinds.map((kind) => (
          <li
            key={typeOf({ properties: { type: (kind.properties as Json).kind } })}
            className="flex flex-col gap-1.5"
          >
            <p className="text-sm">
              <span className="font-medium text-foreground">{String(kind.title)}</span>{" "}
              <code className="font-mono text-[12px] text-muted">
                kind: {String(((kind.properties as Json).kind as Json).const)}
              </code>
              <span className="text-muted">
                {" "}
                · <Prose text={String(kind.description)} />
              </span>
            </p>
            <div className="pl-4">
              <Fields rows={fieldRows(kind, ["kind"])} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MessageCard({ message }: { message: Message }) {
  const logged = Boolean((message.payload.properties as Json).seq);
  return (
    <Card role="article" className="flex flex-col gap-3 p-4" aria-labelledby={`stream-${message.id}`}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h4 id={`stream-${message.id}`} className="font-semibold text-[15px] text-foreground">
          {message.title}
        </h4>
        <code className="rounded-md border border-border bg-surface-sunken px-1.5 py-0.5 font-mono text-[11.5px] text-muted">
          type: {typeOf(message.payload)}
        </code>
        {logged ? null : <span className="text-muted-subtle text-xs">not replayed</span>}
      </div>
      <p className="text-muted text-sm">
        <Prose text={message.summary} />
      </p>
      <Fields rows={fieldRows(message.payload, ["type", ...(logged ? ["epoch", "seq"] : [])])} />
      {typeOf(message.payload) === "gallery" ? <ChangeKinds payload={message.payload} /> : null}
    </Card>
  );
}

const EXAMPLE = `import WebSocket from "ws";

const token = process.env.STUDIO_TOKEN;
const ws = new WebSocket("wss://<studio>${STREAM_PATH}", {
  headers: { Authorization: \`Bearer \${token}\` },
});
ws.on("message", (data) => {
  const frame = JSON.parse(String(data));
  console.log(frame.type, frame);
});
ws.on("close", (code) => console.log("closed", code));`;

/**
 * The live stream's reference, drawn from the same AsyncAPI document `/api/asyncapi.json`
 * publishes: how to connect, every message each way with its fields, and the close codes.
 */
export function StreamReference() {
  const doc = asyncApiDocument();
  const sent = messagesOf(doc, "send");
  const received = messagesOf(doc, "receive");
  return (
    <section aria-label="Live stream" className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h2 className="font-semibold text-foreground text-lg">How to connect</h2>
        <p className="max-w-3xl text-muted text-sm">
          One WebSocket at <code className="font-mono text-foreground">{STREAM_PATH}</code> carries the team's
          new results, your own tasks' progress, changes in the gallery and who else is on the same page.
          Every frame is one JSON object; its <code className="font-mono text-foreground">type</code> says
          which message it is.
        </p>
        <div className="grid items-start gap-3 lg:grid-cols-2">
          <Card className="flex flex-col gap-2 p-4">
            <h3 className="font-medium text-foreground text-sm">From a script, with an access token</h3>
            <p className="text-muted text-sm">
              <Prose text={STREAM_CONNECT.token} />
            </p>
            <pre className="overflow-x-auto rounded-control border border-border bg-surface-sunken p-3 text-[12px] text-foreground leading-relaxed">
              {EXAMPLE}
            </pre>
          </Card>
          <div className="flex flex-col gap-3">
            <Card className="flex flex-col gap-2 p-4">
              <h3 className="font-medium text-foreground text-sm">From the studio's pages</h3>
              <p className="text-muted text-sm">
                <Prose text={STREAM_CONNECT.session} />
              </p>
            </Card>
            <Card className="flex flex-col gap-2 p-4">
              <h3 className="font-medium text-foreground text-sm">After a drop</h3>
              <p className="text-muted text-sm">
                <Prose text={STREAM_CONNECT.resume} />
              </p>
            </Card>
            <Card className="flex flex-col gap-2 p-4">
              <h3 className="font-medium text-foreground text-sm">When the connection is refused</h3>
              <ul className="flex flex-col gap-1.5 text-sm">
                {STREAM_REFUSALS.map((r) => (
                  <li key={r.status} className="text-muted">
                    <span className="font-mono text-foreground">HTTP {r.status}</span> · {r.meaning}
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="font-semibold text-foreground text-lg">What the studio sends</h2>
        <p className="max-w-3xl text-muted text-sm">
          Every message but presence carries the stream's{" "}
          <code className="font-mono text-foreground">epoch</code> and its{" "}
          <code className="font-mono text-foreground">seq</code>: keep the last of each to resume after a
          drop.
        </p>
        <div className="grid items-start gap-3 xl:grid-cols-2">
          {sent.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="font-semibold text-foreground text-lg">What a client may send</h2>
        <div className="grid items-start gap-3 xl:grid-cols-2">
          {received.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </div>
      </div>

      <div className="flex flex-col gap-3">
        <h2 className="font-semibold text-foreground text-lg">Close codes</h2>
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Close codes</caption>
            <thead className="border-border border-b text-muted-subtle text-xs">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Code
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  What happened
                </th>
                <th scope="col" className="px-4 py-2 font-medium">
                  What to do
                </th>
              </tr>
            </thead>
            <tbody>
              {doc["x-close-codes"].map((c) => (
                <tr key={c.code} className="border-border border-b last:border-b-0">
                  <td className="px-4 py-2.5 align-top font-mono text-foreground">{c.code}</td>
                  <td className="px-4 py-2.5 align-top text-muted">{c.meaning}</td>
                  <td className="px-4 py-2.5 align-top text-muted">{c.next}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </section>
  );
}
