/** The built-in device roles, per OS family (administration → devices → roles). */
export const builtInDeviceRoles = [
  { key: "WINDOWS_DESKTOP", name: "Windows Desktop", osFamily: "WINDOWS" },
  { key: "WINDOWS_LAPTOP", name: "Windows Laptop", osFamily: "WINDOWS" },
  { key: "WINDOWS_SERVER", name: "Windows Server", osFamily: "WINDOWS" },
  { key: "MAC", name: "Mac", osFamily: "MAC" },
  { key: "MAC_SERVER", name: "Mac Server", osFamily: "MAC" },
  { key: "LINUX_WORKSTATION", name: "Linux Workstation", osFamily: "LINUX" },
  { key: "LINUX_SERVER", name: "Linux Server", osFamily: "LINUX" },
] as const satisfies readonly {
  key: string;
  name: string;
  osFamily: "WINDOWS" | "MAC" | "LINUX" | "OTHER";
}[];

export type BuiltInRoleKey = (typeof builtInDeviceRoles)[number]["key"];

/**
 * The role a newly enrolled device gets from what its agent reports. The inventory says nothing
 * about the chassis or a desktop session, so: Windows and macOS server editions are servers, other
 * Windows machines desktops, other Macs "Mac", and Linux machines servers (most managed Linux
 * machines are). Technicians change the role when the guess is wrong.
 */
export function defaultRoleKey(os: { family: string; name?: string }): BuiltInRoleKey | null {
  const server = /server/i.test(os.name ?? "");
  switch (os.family) {
    case "WINDOWS":
      return server ? "WINDOWS_SERVER" : "WINDOWS_DESKTOP";
    case "MAC":
      return server ? "MAC_SERVER" : "MAC";
    case "LINUX":
      return "LINUX_SERVER";
    default:
      return null;
  }
}
