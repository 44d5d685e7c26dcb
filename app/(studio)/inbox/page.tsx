import type { Metadata } from "next";
import { InboxList } from "@/components/review/inbox-list";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Inbox" };

export default function InboxPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Inbox"
        description="Comments where a teammate mentioned you with @. Open one to see it on its image or video."
      />
      <InboxList />
    </div>
  );
}
