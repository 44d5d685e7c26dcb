import { ChevronLeft, ChevronRight, ExternalLink, X } from "lucide-react";
import { ModelName } from "@/components/create/model-name";
import { Badge } from "@/components/ui/badge";
import { Button, ButtonLink } from "@/components/ui/button";
import { viewerUrl } from "@/lib/studio/api/gallery-urls";
import { compareLetter } from "@/lib/studio/compare/compare";
import type { GalleryItem } from "@/lib/studio/items/gallery-item";
import { ReviewStateBadge, sizeWords, TeamRating } from "./compare-item-meta";
import { CompareMedia, MEDIA_BOX, mediaBoxStyle } from "./compare-media";

interface CompareColumnsProps {
  items: GalleryItem[];
  referenceId: string;
  onRemove(id: string): void;
  onMove(id: string, by: -1 | 1): void;
}

/** Two to four items in columns, each whole, with who made it, its model and its review. */
export function CompareColumns({ items, referenceId, onRemove, onMove }: CompareColumnsProps) {
  const boxStyle = mediaBoxStyle(items);
  return (
    <ol
      aria-label="Items compared"
      className="grid gap-4"
      style={{ gridTemplateColumns: `repeat(${items.length}, minmax(0, 1fr))` }}
    >
      {items.map((item, i) => {
        const letter = compareLetter(i);
        return (
          <li
            key={item.id}
            aria-label={`Item ${letter}`}
            data-testid="compare-column"
            data-item-id={item.id}
            className="flex min-w-0 flex-col overflow-hidden rounded-card border border-border bg-panel shadow-panel"
          >
            <header className="flex items-center gap-2 border-border border-b px-3 py-2">
              <span className="grid size-6 place-items-center rounded-md bg-panel-hover font-semibold text-[12px] text-foreground">
                {letter}
              </span>
              {item.id === referenceId ? <Badge tone="accent">Reference</Badge> : null}
              <span className="ml-auto flex items-center">
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  aria-label={`Move ${letter} left`}
                  disabled={i === 0}
                  onClick={() => onMove(item.id, -1)}
                >
                  <ChevronLeft aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  aria-label={`Move ${letter} right`}
                  disabled={i === items.length - 1}
                  onClick={() => onMove(item.id, 1)}
                >
                  <ChevronRight aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="px-2"
                  aria-label={`Remove ${letter} from the comparison`}
                  title="Remove from the comparison"
                  onClick={() => onRemove(item.id)}
                >
                  <X aria-hidden />
                </Button>
              </span>
            </header>
            <div className={MEDIA_BOX} style={boxStyle}>
              <CompareMedia item={item} letter={letter} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 p-3 text-[12.5px]">
              <dt className="text-muted-subtle">Review</dt>
              <dd>
                <ReviewStateBadge item={item} />
              </dd>
              <dt className="text-muted-subtle">Rating</dt>
              <dd>
                <TeamRating item={item} />
              </dd>
              <dt className="text-muted-subtle">By</dt>
              <dd className="truncate text-foreground">{item.authorName}</dd>
              <dt className="text-muted-subtle">Model</dt>
              <dd className="min-w-0">
                {item.model ? (
                  <ModelName air={item.model} />
                ) : (
                  <span className="text-muted-subtle">Unknown</span>
                )}
              </dd>
              <dt className="text-muted-subtle">Size</dt>
              <dd className="text-foreground">{sizeWords(item)}</dd>
            </dl>
            <div className="mt-auto border-border border-t p-3">
              <ButtonLink
                href={viewerUrl(item.id)}
                size="sm"
                className="w-full"
                aria-label={`Open ${letter}`}
              >
                <ExternalLink aria-hidden />
                Open
              </ButtonLink>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
