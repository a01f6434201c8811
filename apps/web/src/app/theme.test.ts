import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { contrastRatio, cssVariablesResolver, readableOnLight, relativeLuminance, theme } from "./theme";

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const variables = cssVariablesResolver(merged);
const colours = DEFAULT_THEME.colors;
const AA = 4.5;

/** The colour `hex` at `alpha` over `base`, as a light badge or alert paints its background. */
function over(hex: string, alpha: number, base: string): string {
  const parse = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
  const [top, bottom] = [parse(hex), parse(base)];
  return `#${top
    .map((c, i) => Math.round(c * alpha + bottom[i]! * (1 - alpha)))
    .map((c) => c.toString(16).padStart(2, "0"))
    .join("")}`;
}

/** A "var(--mantine-color-gray-7)" variable resolved to its hex value. */
function resolve(value: string | undefined): string {
  const match = /^var\(--mantine-color-([a-z]+)-(\d)\)$/.exec(value ?? "");
  if (!match) return value ?? "";
  return colours[match[1]!]![Number(match[2])]!;
}

describe("theme colours", () => {
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
  });

  it("darkens a colour only as far as it needs to read on light backgrounds", () => {
    expect(readableOnLight("#364fc7")).toBe("#364fc7");
    const yellow = readableOnLight(colours.yellow[9]);
    expect(yellow).not.toBe(colours.yellow[9]);
    expect(relativeLuminance(yellow)).toBeLessThanOrEqual(0.12);
  });

  it("gives every palette colour a light-scheme text colour readable on white, the page and its own light tint", () => {
    const page = colours.gray[0];
    for (const name of Object.keys(colours)) {
      const text = variables.light[`--mantine-color-${name}-text`]!;
      const tint = over(colours[name]![8], 0.1, "#ffffff");
      expect(variables.light[`--mantine-color-${name}-light-color`]).toBe(text);
      expect(variables.light[`--mantine-color-${name}-outline`]).toBe(text);
      for (const background of ["#ffffff", page, tint])
        expect(contrastRatio(text, background), `${name} on ${background}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("keeps secondary (dimmed) and error text readable in both schemes", () => {
    const lightDimmed = resolve(variables.light["--mantine-color-dimmed"]);
    expect(contrastRatio(lightDimmed, "#ffffff")).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(lightDimmed, colours.gray[0])).toBeGreaterThanOrEqual(AA);
    expect(
      contrastRatio(resolve(variables.light["--mantine-color-error"]), "#ffffff"),
    ).toBeGreaterThanOrEqual(AA);
    for (const surface of [colours.dark[7], colours.dark[6], colours.dark[8]]) {
      expect(
        contrastRatio(resolve(variables.dark["--mantine-color-dimmed"]), surface),
      ).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(resolve(variables.dark["--mantine-color-error"]), surface)).toBeGreaterThanOrEqual(
        AA,
      );
    }
  });

  it("puts black or white text on each filled colour, whichever reaches 4.5:1", () => {
    expect(merged.autoContrast).toBe(true);
    for (const name of Object.keys(colours)) {
      const filled = colours[name]![8];
      const text = relativeLuminance(filled) >= merged.luminanceThreshold ? "#000000" : "#ffffff";
      expect(contrastRatio(text, filled), `${text} on ${name}.8`).toBeGreaterThanOrEqual(AA);
    }
  });

  it("underlines links", () => {
    expect(merged.components.Anchor?.defaultProps).toMatchObject({ underline: "always" });
  });
});
