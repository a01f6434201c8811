import type { agent } from "@steward/contracts";

type InventorySoftware = agent.InventorySoftware;

const MAX_ITEMS = 10_000;
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

function finish(items: InventorySoftware[]): InventorySoftware[] {
  const seen = new Set<string>();
  const out: InventorySoftware[] = [];
  for (const item of items) {
    const key = `${item.name}\u0000${item.version}`;
    if (!item.name || seen.has(key)) continue;
    seen.add(key);
    out.push({ ...item, name: clip(item.name, 500), version: clip(item.version, 200) });
    if (out.length >= MAX_ITEMS) break;
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** `dpkg-query -W -f='${Package}\t${Version}\t${Maintainer}\t${db:Status-Abbrev}\n'` */
export function parseDpkg(output: string): InventorySoftware[] {
  const items: InventorySoftware[] = [];
  for (const line of output.split("\n")) {
    const [name, version, maintainer, status] = line.split("\t");
    if (!name || version === undefined) continue;
    if (status !== undefined && !status.startsWith("ii")) continue;
    items.push({
      name: name.trim(),
      version: version.trim(),
      ...(maintainer ? { publisher: clip(maintainer.trim(), 300) } : {}),
    });
  }
  return finish(items);
}

/** `rpm -qa --queryformat '%{NAME}\t%{VERSION}-%{RELEASE}\t%{VENDOR}\t%{INSTALLTIME}\n'` */
export function parseRpm(output: string): InventorySoftware[] {
  const items: InventorySoftware[] = [];
  for (const line of output.split("\n")) {
    const [name, version, vendor, installTime] = line.split("\t");
    if (!name || version === undefined) continue;
    const item: InventorySoftware = { name: name.trim(), version: version.trim() };
    if (vendor && vendor !== "(none)") item.publisher = clip(vendor.trim(), 300);
    const t = Number(installTime);
    if (Number.isFinite(t) && t > 0) item.installedAt = new Date(t * 1000).toISOString();
    items.push(item);
  }
  return finish(items);
}

/**
 * `reg query HKLM\SOFTWARE\Microsoft\Windows\CurrentVersion\Uninstall /s` (and the WOW6432Node
 * and HKCU variants): blocks of "    Name    REG_TYPE    Value" lines under each key.
 */
export function parseWindowsUninstall(output: string): InventorySoftware[] {
  const items: InventorySoftware[] = [];
  let current: Record<string, string> = {};
  const flush = () => {
    const name = current.DisplayName;
    // System components and updates are not programs a technician looks for.
    if (name && current.SystemComponent !== "0x1" && !current.ParentKeyName) {
      const item: InventorySoftware = { name, version: current.DisplayVersion ?? "" };
      if (current.Publisher) item.publisher = current.Publisher;
      const d = current.InstallDate;
      if (d && /^\d{8}$/.test(d)) item.installedAt = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
      items.push(item);
    }
    current = {};
  };
  for (const raw of output.split(/\r?\n/)) {
    if (/^HKEY_/i.test(raw)) {
      flush();
      continue;
    }
    const m = /^\s{4}(\S.*?)\s{4}(REG_\w+)\s{4}(.*)$/.exec(raw);
    if (m) current[m[1]!] = m[3]!.trim();
  }
  flush();
  return finish(items);
}

/** `system_profiler SPApplicationsDataType -json` */
export function parseMacApplications(json: string): InventorySoftware[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const apps = (parsed as { SPApplicationsDataType?: unknown }).SPApplicationsDataType;
  if (!Array.isArray(apps)) return [];
  const items: InventorySoftware[] = [];
  for (const app of apps as Record<string, unknown>[]) {
    const name = typeof app._name === "string" ? app._name : "";
    const item: InventorySoftware = { name, version: typeof app.version === "string" ? app.version : "" };
    if (typeof app.obtained_from === "string") item.publisher = app.obtained_from;
    if (typeof app.lastModified === "string") item.installedAt = app.lastModified;
    items.push(item);
  }
  return finish(items);
}
