import { ShieldAlert } from "lucide-react";
import type { Metadata } from "next";
import { TrashView } from "@/components/organize/trash-view";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageUser } from "@/lib/server/api/page-session";
import { TRASH_DAYS } from "@/lib/studio/review/review";
import { can } from "@/lib/studio/roles";

export const metadata: Metadata = { title: "Trash" };

export default async function TrashPage() {
  const user = await requirePageUser();
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        eyebrow="Review"
        title="Trash"
        description={`Items moved out of the gallery. An owner can restore them for ${TRASH_DAYS} days; after that the studio deletes them for good.`}
      />
      {can(user.role, "manage") ? (
        <TrashView />
      ) : (
        <EmptyState
          icon={ShieldAlert}
          title="Only owners open the trash"
          description="Ask the studio's owner to restore an item that was moved to the trash."
        />
      )}
    </div>
  );
}
