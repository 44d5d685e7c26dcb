import type { Metadata } from "next";
import { Suspense } from "react";
import { ItemViewer } from "@/components/review/item-viewer";
import { requirePageUser } from "@/lib/server/page-session";

export const metadata: Metadata = { title: "Item" };

/** One item of the gallery, full size, with its review. The query string is the gallery's filter. */
export default async function ItemPage({ params }: { params: Promise<{ id: string }> }) {
  const [{ id }, user] = await Promise.all([params, requirePageUser()]);
  return (
    <Suspense>
      <ItemViewer itemId={id} me={{ id: user.id, role: user.role }} />
    </Suspense>
  );
}
