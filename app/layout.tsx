import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { HOLD_SUBMITS_SCRIPT } from "@/components/security/held-submits";
import { StrictScripts } from "@/components/security/strict-scripts";
import { studioEnv } from "@/lib/server/config/env";
import { scriptNonceOf } from "@/lib/server/http/security-headers";
import "./globals.css";

const description = "Generate images and video, review them with your team, and compare variations.";

/** Link previews need absolute addresses: the configured public address, else the one asked for. */
async function siteOrigin(): Promise<URL> {
  const configured = studioEnv().STUDIO_URL;
  if (configured) return new URL(configured);
  const h = await headers();
  const scheme = h.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return new URL(`${scheme}://${h.get("host") ?? "localhost"}`);
}

export async function generateMetadata(): Promise<Metadata> {
  const preview = { url: "/social-preview.png", width: 1200, height: 630, alt: "Media Studio" };
  return {
    metadataBase: await siteOrigin(),
    title: { default: "Media Studio", template: "%s · Media Studio" },
    description,
    applicationName: "Media Studio",
    // A private studio: its pages stay out of search engines (public/robots.txt says so too).
    robots: { index: false, follow: false },
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "32x32" },
        { url: "/favicon-32x32.png", sizes: "32x32", type: "image/png" },
        { url: "/icon-192.png", sizes: "192x192", type: "image/png" },
      ],
      apple: [{ url: "/apple-touch-icon.png", sizes: "180x180", type: "image/png" }],
    },
    openGraph: {
      type: "website",
      siteName: "Media Studio",
      title: "Media Studio",
      description,
      images: [preview],
    },
    twitter: { card: "summary_large_image", title: "Media Studio", description, images: [preview] },
  };
}

export const viewport: Viewport = {
  themeColor: "#0a0c10",
  colorScheme: "dark",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered for its request: its scripts carry that request's CSP nonce, which a
  // page built ahead of time could not know.
  await connection();
  const nonce = scriptNonceOf((await headers()).get("content-security-policy"));
  return (
    <html lang="en" className="dark">
      <body>
        {/* Before any form: a press the page cannot answer yet waits for it (held-submits.ts). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the studio's own script, with the page's nonce */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: HOLD_SUBMITS_SCRIPT }} />
        <StrictScripts />
        {children}
      </body>
    </html>
  );
}
