"use client";

import { FolderOpen, Trash2 } from "lucide-react";
import { ButtonLink } from "@/components/ui/button";
import { useCan } from "@/lib/client/auth/member-role";

/** The gallery's way to its boards, and (for owners) to the trash. */
export function GalleryLinks() {
  const manage = useCan("manage");
  return (
    <>
      <ButtonLink size="sm" href="/gallery/boards">
        <FolderOpen aria-hidden className="size-4" />
        Boards
      </ButtonLink>
      {manage ? (
        <ButtonLink size="sm" variant="ghost" href="/gallery/trash">
          <Trash2 aria-hidden className="size-4" />
          Trash
        </ButtonLink>
      ) : null}
    </>
  );
}
