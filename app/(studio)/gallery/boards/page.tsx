import type { Metadata } from "next";
import { BoardsView } from "@/components/organize/boards-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Boards" };

export default function BoardsPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Boards"
        description="Collections of the team's results. An item can be on several boards; a board opens the gallery showing only its items."
      />
      <BoardsView />
    </div>
  );
}
