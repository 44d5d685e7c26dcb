/**
 * Which service the studio talks to. Static for now: the studio runs on the embedded engine
 * unless UPSTREAM_URL is set, and the live value arrives with the status endpoint.
 */
export function EngineStatus() {
  return (
    <p
      className="inline-flex h-8 items-center gap-2 rounded-full border border-border-strong bg-panel px-3 font-medium text-[13px] text-muted"
      title="Generation runs on the engine built into this studio: no account or network needed."
    >
      <span aria-hidden className="size-2 rounded-full bg-success ring-4 ring-success/15" />
      <span className="sr-only">Service: </span>
      Embedded engine
    </p>
  );
}
