import { KeyRound, Plug, Settings2, SlidersHorizontal, Users } from "lucide-react";
import type { Metadata } from "next";
import { CodeChip } from "@/components/ui/badge";
import { EmptyState, type EmptyStateFeature } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

const features: readonly EmptyStateFeature[] = [
  {
    icon: Plug,
    title: "Service connection",
    description: "Which service generates media, and whether it is reachable.",
  },
  {
    icon: SlidersHorizontal,
    title: "Generation defaults",
    description: "Preferred models, output format, size and quality for new tasks.",
  },
  {
    icon: Users,
    title: "Team and sharing",
    description: "Who can review, and how long share links stay valid.",
  },
];

const upstreamVariables = ["UPSTREAM_URL", "UPSTREAM_WS_URL", "UPSTREAM_API_KEY"] as const;

export default function SettingsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Studio"
        title="Settings"
        description="The service this studio talks to, the defaults for new generations, and how your team shares work."
      />
      <EmptyState
        icon={Settings2}
        title="Nothing to configure yet"
        description="The studio runs on its built-in engine, so it works without an account or network. Connection details, defaults and team options will be managed on this page."
        features={features}
      >
        <div className="flex gap-3 border-border border-t bg-surface/40 px-5 py-4">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-subtle" strokeWidth={1.75} />
          <p className="text-[13px] text-muted leading-relaxed">
            To use the real service now, set{" "}
            {upstreamVariables.map((name, index) => (
              <span key={name}>
                <CodeChip>{name}</CodeChip>
                {index < upstreamVariables.length - 2
                  ? ", "
                  : index === upstreamVariables.length - 2
                    ? " and "
                    : ""}
              </span>
            ))}{" "}
            in the server's environment and restart. The key stays on the server; it never reaches a browser.
          </p>
        </div>
      </EmptyState>
    </div>
  );
}
