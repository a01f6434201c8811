import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDpkg, parseMacApplications, parseRpm, parseWindowsUninstall } from "./software-parsers.js";

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("installed-software parsers (recorded output)", () => {
  it("dpkg: installed packages with version and maintainer; removed-but-configured ones skipped", () => {
    const items = parseDpkg(fixture("dpkg.txt"));
    expect(items.length).toBe(25);
    expect(items.every((i) => i.name && i.version)).toBe(true);
    expect(items.find((i) => i.name === "broken-pkg")).toBeUndefined();
    expect(items[0]!.publisher).toBeTruthy();
  });

  it("rpm: name, version-release, vendor and install time; (none) vendor dropped", () => {
    const items = parseRpm(fixture("rpm.txt"));
    expect(items).toContainEqual({
      name: "bash",
      version: "5.1.8-9.el9",
      publisher: "Red Hat, Inc.",
      installedAt: "2023-11-14T22:13:20.000Z",
    });
    expect(items.find((i) => i.name === "gpg-pubkey")?.publisher).toBeUndefined();
    expect(items.filter((i) => i.name === "kernel-core")).toHaveLength(2);
  });

  it("Windows registry: programs with version, publisher, install date; updates and system components skipped", () => {
    const items = parseWindowsUninstall(fixture("reg-uninstall.txt"));
    expect(items).toEqual([
      { name: "7-Zip 23.01 (x64)", version: "23.01", publisher: "Igor Pavlov", installedAt: "2024-01-15" },
      { name: "Java 8 Update 421 (64-bit)", version: "8.0.4210.9", publisher: "Oracle Corporation" },
    ]);
  });

  it("macOS applications from system_profiler JSON", () => {
    const items = parseMacApplications(fixture("system_profiler.json"));
    expect(items.map((i) => i.name)).toEqual(["Google Chrome", "Safari", "Unsigned Tool"]);
    expect(items[0]).toMatchObject({ version: "124.0.6367.60", publisher: "identified_developer" });
    expect(items[2]!.version).toBe("");
    expect(parseMacApplications("not json")).toEqual([]);
  });

  it("bounds what it returns: long names are clipped", () => {
    const long = "x".repeat(2000);
    const [item] = parseDpkg(`${long}\t1.0\tme\tii \n`);
    expect(item!.name).toHaveLength(500);
  });
});
