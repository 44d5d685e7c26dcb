"use client";

import { useQuery } from "@tanstack/react-query";
import { Bookmark, BookmarkPlus, Trash2, Users } from "lucide-react";
import { useRouter } from "next/navigation";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { call, useEndpointMutation } from "@/lib/client/endpoint-client";
import { savedSearchesKey } from "@/lib/client/organize/keys";
import { api } from "@/lib/studio/api/addresses";
import { SEARCH_NAME_MAX } from "@/lib/studio/organize/organize";
import { menuContent, menuItem } from "./board-menu";

/**
 * Saved gallery views ("smart boards"): the member's own and the team's shared ones, each a
 * gallery filter kept by name; and "Save this view" for the filter shown now (`query`, the
 * gallery's URL query string without `?`).
 */
export function SavedSearches({ query }: { query: string }) {
  const router = useRouter();
  const createSearch = useEndpointMutation(api.savedSearches.create);
  const deleteSearch = useEndpointMutation(api.savedSearches.delete);
  const searches = useQuery({
    queryKey: savedSearchesKey,
    queryFn: () => call(api.savedSearches.list, {}),
  });
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const list = searches.data?.searches ?? [];

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      await createSearch.mutateAsync({ body: { name: name.trim(), query, shared } });
      setSaving(false);
      setName("");
      setShared(false);
    } catch (err) {
      setError(err instanceof Error ? err.message : "The view was not saved.");
    } finally {
      setBusy(false);
    }
  }

  async function remove(id: string) {
    await deleteSearch.mutateAsync({ params: { id } }).catch(() => undefined);
  }

  return (
    <div className="flex items-center gap-2">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={buttonClasses("secondary", "sm")}>
          <Bookmark aria-hidden className="size-4" />
          Saved views
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className={menuContent}>
            {list.length === 0 ? (
              <p className="px-2.5 py-2 text-[13px] text-muted-subtle">
                No saved views yet. Filter the gallery, then save the view.
              </p>
            ) : null}
            {list.map((s) => (
              <div key={s.id} className="flex items-center">
                <DropdownMenu.Item
                  className={`${menuItem} min-w-0 flex-1`}
                  onSelect={() => router.push(s.query ? `/gallery?${s.query}` : "/gallery")}
                >
                  <span className="truncate">{s.name}</span>
                  {s.shared ? (
                    <span className="ml-auto inline-flex items-center gap-1 text-[11px] text-muted-subtle">
                      <Users aria-hidden className="size-3" />
                      {s.mine ? "Shared" : s.ownerName}
                    </span>
                  ) : null}
                </DropdownMenu.Item>
                {s.mine ? (
                  <DropdownMenu.Item
                    className={`${menuItem} text-muted`}
                    aria-label={`Delete the saved view ${s.name}`}
                    onSelect={() => void remove(s.id)}
                  >
                    <Trash2 aria-hidden className="size-3.5" />
                  </DropdownMenu.Item>
                ) : null}
              </div>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Button size="sm" onClick={() => setSaving(true)}>
        <BookmarkPlus aria-hidden className="size-4" />
        Save this view
      </Button>
      <Dialog
        open={saving}
        onOpenChange={setSaving}
        title="Save this view"
        description="Keeps the gallery's current filters under a name, to open again in one click."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <TextField
            id="saved-view-name"
            label="Name"
            value={name}
            maxLength={SEARCH_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            autoFocus
          />
          <div className="flex items-center justify-between gap-4">
            <label htmlFor="saved-view-shared" className="text-[13px] text-foreground">
              Share with the team
              <span className="block text-muted-subtle text-xs">Everyone sees it in their saved views.</span>
            </label>
            <Switch id="saved-view-shared" checked={shared} onChange={setShared} />
          </div>
          <FormError>{error}</FormError>
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setSaving(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={busy || name.trim() === ""}>
              Save view
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
