export interface ServiceInfo {
  embedded: boolean;
  /** Host of the real service when one is configured (never its key). */
  host: string | null;
}

/** Which service the studio talks to: the engine built into it, or the real service's host. */
export function EngineStatus({ service }: { service: ServiceInfo }) {
  const label = service.embedded ? "Embedded engine" : (service.host ?? "Remote service");
  const title = service.embedded
    ? "Generation runs on the engine built into this studio: no account or network needed."
    : `Generation runs on ${service.host ?? "the configured service"}; its API key stays on the studio's server.`;
  return (
    <p
      className="inline-flex h-8 items-center gap-2 rounded-full border border-border-strong bg-panel px-3 font-medium text-[13px] text-muted"
      title={title}
    >
      <span aria-hidden className="size-2 rounded-full bg-success ring-4 ring-success/15" />
      <span className="sr-only">Service: </span>
      {label}
    </p>
  );
}
