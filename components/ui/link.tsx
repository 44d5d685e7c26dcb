"use client";

import NextLink from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, MouseEvent } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/** The page a link leads to, when it is one of the studio's own (prefetching anything else is moot). */
function ownPath(href: LinkProps["href"]): string | null {
  const path =
    typeof href === "string" ? href : href.pathname ? `${href.pathname}${href.search ?? ""}` : null;
  return path?.startsWith("/") && !path.startsWith("//") ? path : null;
}

/**
 * The studio's link: `next/link` prefetching on intent, not on sight. Next's default prefetches
 * every link that scrolls into view, and each prefetch of a signed-in page is a server render: a
 * gallery screen of 60 cards sent 60 of them and the home page 22, for one page view. Here a page
 * is prefetched when a pointer rests on its link or focus reaches it, so a click still finds it
 * ready and a page view costs what the reader reaches for. `prefetch={false}` turns even that off
 * (downloads, files); `prefetch` true or "auto" keeps Next's own behaviour where one is wanted.
 */
export default function Link({ prefetch, onMouseEnter, onFocus, href, ...props }: LinkProps) {
  const router = useRouter();
  if (prefetch === true || prefetch === "auto") {
    return (
      <NextLink href={href} prefetch={prefetch} onMouseEnter={onMouseEnter} onFocus={onFocus} {...props} />
    );
  }
  const path = prefetch === false ? null : ownPath(href);
  return (
    <NextLink
      href={href}
      prefetch={false}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
        if (path) router.prefetch(path);
        onMouseEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        if (path) router.prefetch(path);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
