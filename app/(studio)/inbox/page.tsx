import type { Metadata } from "next";
import { InboxList } from "@/components/notifications/inbox-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Inbox"
        description="What your teammates did that concerns you: mentions, assignments, reviews of your work, replies, votes, and your experiments ending. Open one to go to it."
      />
      <InboxList />
    </div>
  );
}
