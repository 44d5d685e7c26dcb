import type { LucideIcon } from "lucide-react";
import {
  ArrowRight,
  Columns2,
  Dices,
  FlaskConical,
  GitCompareArrows,
  Grid3x3,
  LayoutGrid,
  Link2,
  ListChecks,
  MessageSquareText,
  Sparkles,
  Split,
  Star,
} from "lucide-react";
import { WorkflowCard } from "@/components/create/workflow-card";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { workflows } from "@/lib/client/create/workflows";

/** `soon`: promised, not built yet; the home page says so rather than suggest it is there. */
type Capability = { icon: LucideIcon; title: string; description: string; soon?: true };

const reviewCapabilities: readonly Capability[] = [
  {
    icon: Star,
    title: "Ratings",
    description: "Score results and move them through review states.",
  },
  {
    icon: MessageSquareText,
    title: "Comments",
    description: "Discuss a result where everyone can see it.",
  },
  { icon: Columns2, title: "Compare", description: "Put two or more results side by side." },
  {
    icon: Link2,
    title: "Share links",
    description: "Send an item or a board to someone outside the studio.",
  },
];

const experimentCapabilities: readonly Capability[] = [
  {
    icon: Grid3x3,
    title: "Grids",
    description: "Cross prompts with parameter values in one run.",
  },
  {
    icon: Dices,
    title: "Seed sweeps",
    description: "Hold everything still and vary only the seed.",
  },
  {
    icon: Split,
    title: "Blind votes",
    description: "The team picks the better of two unlabelled results; a ranking when voting closes.",
  },
  {
    icon: GitCompareArrows,
    title: "Prompt history",
    description: "Every prompt the team ran, its edits as a diff, and what each made.",
  },
  {
    icon: ListChecks,
    title: "Evaluation sets",
    description: "Saved prompts and seeds, re-run on a new model and set side by side.",
  },
];

export default function HomePage() {
  return (
    <div className="flex flex-col gap-12">
      <PageHeader
        eyebrow="Home"
        title="Create, review and experiment"
        description="Generate images and video, review them with your team, and compare variations side by side. The built-in engine works out of the box; connect the real service and the same screens make real media."
        actions={
          <ButtonLink href="/create" variant="primary">
            <Sparkles aria-hidden />
            New generation
          </ButtonLink>
        }
      />

      <section aria-labelledby="create-heading">
        <SectionHeading
          id="create-heading"
          icon={Sparkles}
          title="Create"
          description="Every workflow of the service behind its own form."
          link={{ href: "/create", label: "All workflows" }}
        />
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {workflows.map((workflow) => (
            <li key={workflow.slug} className="grid">
              <WorkflowCard workflow={workflow} />
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <JobCard
          id="gallery-heading"
          icon={LayoutGrid}
          title="Gallery"
          summary="Review what was made, together."
          capabilities={reviewCapabilities}
          link={{ href: "/gallery", label: "Open gallery" }}
        />
        <JobCard
          id="experiments-heading"
          icon={FlaskConical}
          title="Experiments"
          summary="Vary prompts and parameters systematically."
          capabilities={experimentCapabilities}
          link={{ href: "/experiments", label: "Open experiments" }}
        />
      </div>
    </div>
  );
}

type SectionHeadingProps = {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  link: { href: string; label: string };
};

function SectionHeading({ id, icon: Icon, title, description, link }: SectionHeadingProps) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <div className="flex items-center gap-3">
        <Icon aria-hidden className="size-5 text-accent-fg" strokeWidth={1.75} />
        <div>
          <h2 id={id} className="font-semibold text-foreground text-lg tracking-tight">
            {title}
          </h2>
          <p className="text-muted text-sm">{description}</p>
        </div>
      </div>
      <ButtonLink href={link.href} variant="ghost" size="sm">
        {link.label}
        <ArrowRight aria-hidden />
      </ButtonLink>
    </div>
  );
}

type JobCardProps = {
  id: string;
  icon: LucideIcon;
  title: string;
  summary: string;
  capabilities: readonly Capability[];
  link: { href: string; label: string };
};

function JobCard({ id, icon: Icon, title, summary, capabilities, link }: JobCardProps) {
  return (
    <Card className="flex flex-col p-6">
      <section aria-labelledby={id} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-4">
          <div className="flex items-center gap-3.5">
            <span className="grid size-10 place-items-center rounded-[10px] border border-accent/25 bg-accent/10 text-accent-fg">
              <Icon aria-hidden className="size-5" strokeWidth={1.75} />
            </span>
            <div>
              <h2 id={id} className="font-semibold text-foreground text-lg tracking-tight">
                {title}
              </h2>
              <p className="text-muted text-sm">{summary}</p>
            </div>
          </div>
        </div>
        <ul className="mt-6 mb-6 grid gap-x-6 gap-y-5 sm:grid-cols-2">
          {capabilities.map(({ icon: CapabilityIcon, title: capabilityTitle, description, soon }) => (
            <li key={capabilityTitle} className="flex gap-3">
              <CapabilityIcon
                aria-hidden
                className="mt-0.5 size-4 shrink-0 text-muted-subtle"
                strokeWidth={1.75}
              />
              <div>
                <p className="flex items-center gap-2 font-medium text-foreground text-sm">
                  {capabilityTitle}
                  {soon ? <Badge className="px-2 py-0 text-[11px]">Coming soon</Badge> : null}
                </p>
                <p className="mt-0.5 text-[13px] text-muted-subtle leading-relaxed">{description}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-auto flex justify-end border-border border-t pt-4">
          <ButtonLink href={link.href} variant="secondary" size="sm">
            {link.label}
            <ArrowRight aria-hidden />
          </ButtonLink>
        </div>
      </section>
    </Card>
  );
}
