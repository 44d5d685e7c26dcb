import { Columns2, Images, Link2, MessageSquareText, Sparkles, Star } from "lucide-react";
import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState, type EmptyStateFeature } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Gallery" };

const features: readonly EmptyStateFeature[] = [
  {
    icon: Star,
    title: "Ratings and review states",
    description: "Score each result and move it from new to approved or rejected.",
  },
  {
    icon: MessageSquareText,
    title: "Comments",
    description: "Discuss a result in a thread beside it, with the whole team.",
  },
  {
    icon: Columns2,
    title: "Compare",
    description: "Line up results side by side, with their parameters diffed.",
  },
  {
    icon: Link2,
    title: "Share links",
    description: "Send a board to someone who has no account in the studio.",
  },
];

export default function GalleryPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Gallery"
        description="Every image and video made in this studio, with the prompt and parameters behind it, organised into boards for review."
      />
      <EmptyState
        icon={Images}
        title="Nothing to review yet"
        description="Results from every workflow land here automatically. The studio keeps its own copy of each file, so nothing disappears when the service's links expire."
        actions={
          <ButtonLink href="/create" variant="primary">
            <Sparkles aria-hidden />
            Start creating
          </ButtonLink>
        }
        features={features}
      />
    </div>
  );
}
