"use client";

import NextLink from "next/link";
import { type ComponentProps, useState } from "react";

type LinkProps = ComponentProps<typeof NextLink>;

/**
 * The studio's link: `next/link` prefetching on intent, not on sight. Next's default prefetches
 * every link that scrolls into view, and each prefetch of a signed-in page is a server render: a
 * gallery screen of 60 cards sent 60 of them and the home page 22, for one page view. Here a link
 * starts prefetching once a pointer rests on it or focus reaches it, so a click still finds its
 * page on the way and a page view costs only what the reader reaches for. `prefetch={false}` turns
 * even that off (downloads, files); `prefetch` true or "auto" keeps Next's own behaviour.
 */
export default function Link({ prefetch, onMouseEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const [intent, setIntent] = useState(false);
  if (prefetch !== undefined && prefetch !== null) {
    return (
      <NextLink
        prefetch={prefetch}
        onMouseEnter={onMouseEnter}
        onFocus={onFocus}
        onTouchStart={onTouchStart}
        {...props}
      />
    );
  }
  return (
    <NextLink
      // Once wanted, Next's own prefetch takes over: the link is in view, so it starts at once.
      prefetch={intent ? null : false}
      onMouseEnter={(event) => {
        setIntent(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      {...props}
    />
  );
}
