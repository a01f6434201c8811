import { builtInDeviceRoles, defaultRoleKey } from "../device-roles.js";

/** The device classes a policy is written for; a policy and its parent share one. */
export const deviceClasses = [
  "WINDOWS_WORKSTATION",
  "WINDOWS_SERVER",
  "MAC",
  "LINUX_WORKSTATION",
  "LINUX_SERVER",
] as const;

export type DeviceClass = (typeof deviceClasses)[number];

export type PolicyOsFamily = "WINDOWS" | "MAC" | "LINUX";

const familyOfClass: Record<DeviceClass, PolicyOsFamily> = {
  WINDOWS_WORKSTATION: "WINDOWS",
  WINDOWS_SERVER: "WINDOWS",
  MAC: "MAC",
  LINUX_WORKSTATION: "LINUX",
  LINUX_SERVER: "LINUX",
};

/** The OS family of a class's devices. */
export function osFamilyOfClass(deviceClass: DeviceClass): PolicyOsFamily {
  return familyOfClass[deviceClass];
}

/** The classes whose devices run this OS family (none for OTHER). */
export function classesOfOsFamily(osFamily: string): DeviceClass[] {
  return deviceClasses.filter((c) => familyOfClass[c] === osFamily);
}

export function isDeviceClass(value: unknown): value is DeviceClass {
  return typeof value === "string" && (deviceClasses as readonly string[]).includes(value);
}

/** What the server knows of a device that decides its class. */
export interface DeviceClassFacts {
  /** WINDOWS | MAC | LINUX | OTHER */
  osFamily: string;
  /** The OS name the agent reported ("Microsoft Windows Server 2022"). */
  osName?: string | null;
  /** The key of the device's role when it is a built-in one (WINDOWS_SERVER …). */
  roleKey?: string | null;
}

/**
 * A device's class, or null when no policy class fits (an OS family Steward has no policies
 * for). A built-in role says whether the device is a server (its key ends in _SERVER); without
 * one (no role, or a technician's own), the guess enrollment makes from the OS decides. macOS
 * has one class for desktops and servers alike.
 */
export function deviceClassOf(facts: DeviceClassFacts): DeviceClass | null {
  const server = isServer(facts);
  switch (facts.osFamily) {
    case "WINDOWS":
      return server ? "WINDOWS_SERVER" : "WINDOWS_WORKSTATION";
    case "MAC":
      return "MAC";
    case "LINUX":
      return server ? "LINUX_SERVER" : "LINUX_WORKSTATION";
    default:
      return null;
  }
}

const builtInKeys = new Set<string>(builtInDeviceRoles.map((r) => r.key));

function isServer(facts: DeviceClassFacts): boolean {
  if (facts.roleKey && builtInKeys.has(facts.roleKey)) return facts.roleKey.endsWith("_SERVER");
  const guess = defaultRoleKey({ family: facts.osFamily, name: facts.osName ?? "" });
  return guess !== null && guess.endsWith("_SERVER");
}
