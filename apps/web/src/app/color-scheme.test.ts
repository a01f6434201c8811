import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

/** The script the console page loads before the app (it sets the scheme before the first paint). */
const script = fs.readFileSync(path.resolve(__dirname, "../../public/color-scheme.js"), "utf8");

function runWith(stored: string | null, systemDark: boolean): string | null {
  document.documentElement.removeAttribute("data-mantine-color-scheme");
  if (stored === null) localStorage.removeItem("mantine-color-scheme-value");
  else localStorage.setItem("mantine-color-scheme-value", stored);
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: systemDark && query.includes("dark"), media: query }) as MediaQueryList,
  );
  new Function(script)();
  return document.documentElement.getAttribute("data-mantine-color-scheme");
}

describe("the colour scheme before the first paint", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it("paints the scheme chosen in this browser", () => {
    expect(runWith("dark", false)).toBe("dark");
    expect(runWith("light", true)).toBe("light");
  });

  it("follows the system when the choice is the system's or nothing is stored", () => {
    expect(runWith("auto", true)).toBe("dark");
    expect(runWith("auto", false)).toBe("light");
    expect(runWith(null, true)).toBe("dark");
    expect(runWith(null, false)).toBe("light");
  });
});
