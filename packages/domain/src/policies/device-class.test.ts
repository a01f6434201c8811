import { describe, expect, it } from "vitest";
import { classesOfOsFamily, deviceClassOf, osFamilyOfClass } from "./device-class.js";

describe("device classes", () => {
  it("a built-in role decides whether a device is a server", () => {
    expect(deviceClassOf({ osFamily: "WINDOWS", osName: "Windows 11 Pro", roleKey: "WINDOWS_SERVER" })).toBe(
      "WINDOWS_SERVER",
    );
    expect(
      deviceClassOf({ osFamily: "WINDOWS", osName: "Windows Server 2022", roleKey: "WINDOWS_LAPTOP" }),
    ).toBe("WINDOWS_WORKSTATION");
    expect(deviceClassOf({ osFamily: "LINUX", osName: "Debian", roleKey: "LINUX_WORKSTATION" })).toBe(
      "LINUX_WORKSTATION",
    );
    expect(deviceClassOf({ osFamily: "LINUX", osName: "Ubuntu Desktop", roleKey: "LINUX_SERVER" })).toBe(
      "LINUX_SERVER",
    );
  });

  it("without a built-in role, the OS decides as enrollment guesses: server editions, and Linux, are servers", () => {
    expect(
      deviceClassOf({ osFamily: "WINDOWS", osName: "Microsoft Windows Server 2019", roleKey: null }),
    ).toBe("WINDOWS_SERVER");
    expect(deviceClassOf({ osFamily: "WINDOWS", osName: "Windows 10 Pro" })).toBe("WINDOWS_WORKSTATION");
    // A technician's own role (no key) says nothing about the chassis.
    expect(deviceClassOf({ osFamily: "LINUX", osName: "Fedora", roleKey: null })).toBe("LINUX_SERVER");
  });

  it("macOS has one class for desktops and servers; other systems have none", () => {
    expect(deviceClassOf({ osFamily: "MAC", osName: "macOS Server", roleKey: "MAC_SERVER" })).toBe("MAC");
    expect(deviceClassOf({ osFamily: "MAC", osName: "macOS 15" })).toBe("MAC");
    expect(deviceClassOf({ osFamily: "OTHER", osName: "FreeBSD" })).toBeNull();
  });

  it("maps classes to OS families and back", () => {
    expect(classesOfOsFamily("WINDOWS")).toEqual(["WINDOWS_WORKSTATION", "WINDOWS_SERVER"]);
    expect(classesOfOsFamily("OTHER")).toEqual([]);
    expect(osFamilyOfClass("LINUX_WORKSTATION")).toBe("LINUX");
  });
});
