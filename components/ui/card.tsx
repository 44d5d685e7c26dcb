import type { ComponentProps, ReactNode } from "react";
import Link from "@/components/ui/link";
import { cn } from "./cn";

/** A panel on the page surface. */
export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div className={cn("rounded-card border border-border bg-panel shadow-panel", className)} {...props} />
  );
}

type LinkCardProps = {
  href: string;
  /** The link's text, and so its accessible name: the card's heading. */
  title: ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
  children?: ReactNode;
  /** Rendered above the title (an icon, a badge row). */
  header?: ReactNode;
  /** Rendered at the bottom of the card, pushed down so cards in a row align. */
  footer?: ReactNode;
};

/**
 * A card that is one click target. The heading holds the only link and its `::after` covers the
 * card (the stretched-link pattern), so screen readers announce a short name rather than the
 * whole card's text, and the focus ring is drawn on the card.
 */
export function LinkCard({
  href,
  title,
  headingLevel = "h3",
  className,
  children,
  header,
  footer,
}: LinkCardProps) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        "group relative flex flex-col rounded-card border border-border bg-panel p-5 shadow-panel transition-colors",
        "hover:border-border-strong hover:bg-panel-raised",
        "has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-accent",
        className,
      )}
    >
      {header}
      <Heading className="font-semibold text-[15px] text-foreground tracking-tight">
        <Link
          href={href}
          className="outline-none after:absolute after:inset-0 after:rounded-card after:content-['']"
        >
          {title}
        </Link>
      </Heading>
      {children}
      {footer ? <div className="mt-auto pt-4">{footer}</div> : null}
    </div>
  );
}
