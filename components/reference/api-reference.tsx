"use client";

import "swagger-ui-dist/swagger-ui.css";
import "./api-reference.css";
import { useEffect, useRef, useState } from "react";
import { api } from "@/lib/studio/api/addresses";
import { urlOf } from "@/lib/studio/api/url";

type State = "loading" | "ready" | "failed";

/**
 * The studio API's reference, rendered by Swagger UI from the document the studio generates from
 * its declarations. Swagger UI's dark theme hangs off a class on `<html>`: it is set while this
 * page is open and taken off when it closes, and the studio's colours are laid over it
 * (api-reference.css).
 */
export function ApiReference() {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>("loading");

  useEffect(() => {
    let open = true;
    const root = document.documentElement;
    root.classList.add("dark-mode");
    import("swagger-ui-dist/swagger-ui-es-bundle.js")
      .then(({ default: SwaggerUIBundle }) => {
        if (!open || !host.current) return;
        SwaggerUIBundle({
          domNode: host.current,
          url: urlOf(api.reference.openapi),
          deepLinking: false,
          // Folded to the list of resources: with every operation of 30-odd resources unfolded
          // at once, Swagger UI stopped drawing after the second resource.
          docExpansion: "none",
          defaultModelsExpandDepth: -1,
          displayRequestDuration: true,
          filter: true,
          withCredentials: true,
          // Its highlighter's themes are light or garish on the studio's panels.
          syntaxHighlight: false,
          onComplete: () => {
            if (open) setState("ready");
          },
        });
      })
      .catch(() => {
        if (open) setState("failed");
      });
    return () => {
      open = false;
      root.classList.remove("dark-mode");
    };
  }, []);

  return (
    <section aria-label="Endpoints" aria-busy={state === "loading"} className="studio-reference">
      {state === "loading" ? <p className="text-muted text-sm">Loading the reference…</p> : null}
      {state === "failed" ? (
        <p role="alert" className="text-danger-fg text-sm">
          The reference could not be shown. Reload the page to try again.
        </p>
      ) : null}
      <div ref={host} />
    </section>
  );
}
