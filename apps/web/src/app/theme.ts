import {
  Anchor,
  DEFAULT_THEME,
  Drawer,
  Menu,
  Modal,
  Notification,
  Pagination,
  createTheme,
  type CSSVariablesResolver,
} from "@mantine/core";
import { translate, type MessageKey } from "../i18n";

/**
 * Names of the arrow buttons of every pagination (they show only an icon). Read when a
 * pagination renders, so they follow the reader's language (pages render anew when it changes).
 */
const paginationControlLabels: Record<"first" | "previous" | "next" | "last", MessageKey> = {
  first: "ui.pagination.first",
  previous: "ui.pagination.previous",
  next: "ui.pagination.next",
  last: "ui.pagination.last",
};

/** Relative luminance of a "#rrggbb" colour (WCAG 2). */
export function relativeLuminance(hex: string): number {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * channels[0]! + 0.7152 * channels[1]! + 0.0722 * channels[2]!;
}

/** WCAG contrast ratio of two "#rrggbb" colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function toHex(channels: number[]): string {
  return `#${channels.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Text on a light surface must stay readable on the surface's tinted variants too (a light
 * badge's background is the colour at 10 %): the colour is darkened towards black until its
 * luminance is at most 0.12, which gives at least 6.6:1 on white and 5:1 on those tints.
 */
export function readableOnLight(hex: string): string {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  const base = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  for (let keep = 1; keep > 0; keep -= 0.04) {
    const candidate = toHex(base.map((c) => c * keep));
    if (relativeLuminance(candidate) <= 0.12) return candidate;
  }
  return "#000000";
}

/** Light-scheme text colours of every palette colour: `c="teal"`, light and outline badges. */
function lightTextColours(): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const text = readableOnLight(shades[9]);
    variables[`--mantine-color-${name}-text`] = text;
    variables[`--mantine-color-${name}-light-color`] = text;
    variables[`--mantine-color-${name}-outline`] = text;
  }
  return variables;
}

export const theme = createTheme({
  primaryColor: "blue",
  // Shade 8 carries white text at 5:1; shade 6 (Mantine's default) only at 3.6:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled buttons and badges take black or white text, whichever reads: below this luminance
  // white text on the colour reaches 4.5:1, above it black does.
  autoContrast: true,
  luminanceThreshold: 0.185,
  defaultRadius: "md",
  // i18n-exempt: font names
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  components: {
    // A link inside running text must not be told apart by its colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: "always" } }),
    // Close buttons show only an icon: they are named, in the reader's language (a getter is
    // read each time the button renders).
    Modal: Modal.extend({
      defaultProps: {
        closeButtonProps: {
          get "aria-label"() {
            return translate("shell.overlays.closeDialog");
          },
        },
      },
    }),
    Drawer: Drawer.extend({
      defaultProps: {
        closeButtonProps: {
          get "aria-label"() {
            return translate("shell.overlays.closeDialog");
          },
        },
      },
    }),
    Notification: Notification.extend({
      defaultProps: {
        closeButtonProps: {
          get "aria-label"() {
            return translate("shell.overlays.closeNotification");
          },
        },
      },
    }),
    // A menu holds only menu items: no unnamed focus placeholder element inside it.
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control: keyof typeof paginationControlLabels) => ({
          "aria-label": translate(paginationControlLabels[control]),
        }),
      },
    }),
  },
});

/**
 * Colours that Mantine's defaults leave below 4.5:1 (secondary "dimmed" text, error text,
 * coloured text on light backgrounds), and the console's page background in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": readableOnLight(DEFAULT_THEME.colors.red[9]),
    "--mantine-color-anchor": readableOnLight(DEFAULT_THEME.colors.blue[9]),
    "--mantine-color-placeholder": "var(--mantine-color-gray-6)",
    "--steward-page-background": "var(--mantine-color-gray-0)",
    ...lightTextColours(),
  },
  dark: {
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-5)",
    "--mantine-color-placeholder": "var(--mantine-color-dark-2)",
    "--steward-page-background": "var(--mantine-color-dark-8)",
  },
});
