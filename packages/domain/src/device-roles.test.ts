import { describe, expect, it } from "vitest";
import { builtInDeviceRoles, defaultRoleKey } from "./device-roles.js";

describe("built-in device roles", () => {
  it("cover every OS family with unique keys and names", () => {
    expect(new Set(builtInDeviceRoles.map((r) => r.key)).size).toBe(builtInDeviceRoles.length);
    expect(new Set(builtInDeviceRoles.map((r) => r.osFamily))).toEqual(new Set(["WINDOWS", "MAC", "LINUX"]));
    expect(builtInDeviceRoles.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        "Windows Desktop",
        "Windows Server",
        "Mac",
        "Linux Server",
        "Linux Workstation",
      ]),
    );
  });

  it("guesses a default role from the OS", () => {
    expect(defaultRoleKey({ family: "WINDOWS", name: "Microsoft Windows Server 2022 Standard" })).toBe(
      "WINDOWS_SERVER",
    );
    expect(defaultRoleKey({ family: "WINDOWS", name: "Microsoft Windows 11 Pro" })).toBe("WINDOWS_DESKTOP");
    expect(defaultRoleKey({ family: "MAC", name: "macOS" })).toBe("MAC");
    expect(defaultRoleKey({ family: "LINUX", name: "Ubuntu" })).toBe("LINUX_SERVER");
    expect(defaultRoleKey({ family: "OTHER" })).toBeNull();
    for (const r of builtInDeviceRoles) expect(builtInDeviceRoles.some((b) => b.key === r.key)).toBe(true);
  });
});
