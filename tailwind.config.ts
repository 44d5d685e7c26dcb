import type { Config } from "tailwindcss";

/**
 * Design tokens of the studio's dark theme, loaded by `app/globals.css` through `@config`.
 * Surfaces step up in lightness from the page (`surface`) to panels and raised panels, so depth
 * reads without shadows. Text colours keep at least 4.5:1 contrast on `panel`; `muted.subtle` is
 * for secondary captions and still clears 4.5:1 on `surface`.
 */
const config: Config = {
  darkMode: "class",
  theme: {
    extend: {
      colors: {
        surface: { DEFAULT: "#0a0c10", sunken: "#07080b" },
        panel: { DEFAULT: "#11141a", raised: "#171b23", hover: "#1d222c" },
        border: { DEFAULT: "#232833", strong: "#333a48" },
        foreground: "#e8ebf1",
        muted: { DEFAULT: "#a1a9ba", subtle: "#7f879a" },
        accent: {
          DEFAULT: "#8b7cff",
          // Button fills: white text on #6553f0 is about 5.4:1.
          strong: "#6553f0",
          hover: "#7565f5",
          // Accent-coloured text on dark panels.
          fg: "#b9b0ff",
          contrast: "#ffffff",
        },
        success: { DEFAULT: "#3ecf8e", fg: "#7de3b6" },
        warning: { DEFAULT: "#f5b452", fg: "#f8cd8a" },
        danger: { DEFAULT: "#f2555a", fg: "#f8979a" },
      },
      borderRadius: {
        control: "0.5rem",
        card: "0.875rem",
        panel: "1.25rem",
      },
      fontFamily: {
        // System stacks only: the build machine has no network, so no web font downloads.
        sans: [
          "Inter",
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          '"Segoe UI"',
          "Roboto",
          '"Helvetica Neue"',
          '"Liberation Sans"',
          "Arial",
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
        ],
        mono: [
          "ui-monospace",
          "SFMono-Regular",
          '"SF Mono"',
          "Menlo",
          "Consolas",
          '"DejaVu Sans Mono"',
          '"Liberation Mono"',
          "monospace",
        ],
      },
      boxShadow: {
        panel: "0 1px 0 0 rgb(255 255 255 / 0.03) inset, 0 8px 24px -12px rgb(0 0 0 / 0.6)",
        glow: "0 0 0 1px rgb(139 124 255 / 0.35), 0 12px 32px -12px rgb(101 83 240 / 0.55)",
      },
      maxWidth: {
        page: "76rem",
      },
    },
  },
};

export default config;
