import type { agent } from "@steward/contracts";

type Inventory = agent.Inventory;
type Software = agent.InventorySoftware;

/** A small deterministic PRNG so a fleet is the same every run for the same seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const GB = 1024 ** 3;

const WINDOWS_SOFTWARE: Software[] = [
  { name: "Microsoft Edge", version: "131.0.2903.70", publisher: "Microsoft Corporation" },
  { name: "Google Chrome", version: "131.0.6778.86", publisher: "Google LLC" },
  { name: "Mozilla Firefox (x64 en-US)", version: "133.0", publisher: "Mozilla" },
  { name: "7-Zip 24.08 (x64)", version: "24.08", publisher: "Igor Pavlov" },
  { name: "Adobe Acrobat Reader DC", version: "24.004.20272", publisher: "Adobe" },
  {
    name: "Microsoft 365 Apps for business - en-us",
    version: "16.0.18129.20158",
    publisher: "Microsoft Corporation",
  },
  { name: "Microsoft Teams", version: "24295.605.3225.8804", publisher: "Microsoft Corporation" },
  { name: "Zoom Workplace (64-bit)", version: "6.2.11", publisher: "Zoom Video Communications, Inc." },
  { name: "Notepad++ (64-bit x64)", version: "8.7.1", publisher: "Notepad++ Team" },
  { name: "VLC media player", version: "3.0.21", publisher: "VideoLAN" },
  {
    name: "Microsoft Visual C++ 2015-2022 Redistributable (x64)",
    version: "14.40.33810.0",
    publisher: "Microsoft Corporation",
  },
  { name: "Java 8 Update 431 (64-bit)", version: "8.0.4310.10", publisher: "Oracle Corporation" },
  { name: "Dell Command | Update", version: "5.4.0", publisher: "Dell Inc." },
  { name: "Cisco Secure Client - AnyConnect VPN", version: "5.1.6.103", publisher: "Cisco Systems, Inc." },
  { name: "Microsoft OneDrive", version: "24.211.1020.0001", publisher: "Microsoft Corporation" },
  { name: "PowerShell 7-x64", version: "7.4.6.0", publisher: "Microsoft Corporation" },
  { name: "Git", version: "2.47.0", publisher: "The Git Development Community" },
  { name: "QuickBooks Desktop Pro 2024", version: "34.0.4001.3401", publisher: "Intuit Inc." },
];
const MAC_SOFTWARE: Software[] = [
  { name: "Safari", version: "18.1", publisher: "apple" },
  { name: "Google Chrome", version: "131.0.6778.86", publisher: "identified_developer" },
  { name: "Microsoft Word", version: "16.91", publisher: "mac_app_store" },
  { name: "Microsoft Excel", version: "16.91", publisher: "mac_app_store" },
  { name: "Microsoft Outlook", version: "16.91", publisher: "identified_developer" },
  { name: "Slack", version: "4.41.97", publisher: "mac_app_store" },
  { name: "zoom.us", version: "6.2.11", publisher: "identified_developer" },
  { name: "1Password 8", version: "8.10.54", publisher: "identified_developer" },
  { name: "Keynote", version: "14.2", publisher: "mac_app_store" },
  { name: "Xcode", version: "16.1", publisher: "mac_app_store" },
  { name: "Visual Studio Code", version: "1.95.3", publisher: "identified_developer" },
];
const LINUX_SOFTWARE: Software[] = [
  { name: "openssh-server", version: "1:9.2p1-2+deb12u3", publisher: "Debian OpenSSH Maintainers" },
  { name: "nginx", version: "1.22.1-9", publisher: "Debian Nginx Maintainers" },
  { name: "postgresql-15", version: "15.8-0+deb12u1", publisher: "Debian PostgreSQL Maintainers" },
  { name: "docker-ce", version: "5:27.3.1-1~debian.12~bookworm", publisher: "Docker <support@docker.com>" },
  { name: "curl", version: "7.88.1-10+deb12u8", publisher: "Debian Curl Maintainers" },
  { name: "python3", version: "3.11.2-1+b1", publisher: "Debian Python Team" },
  { name: "openssl", version: "3.0.15-1~deb12u1", publisher: "Debian OpenSSL Team" },
  { name: "rsync", version: "3.2.7-1", publisher: "Paul Slootman" },
  { name: "fail2ban", version: "1.0.2-2", publisher: "Debian Python Team" },
  { name: "unattended-upgrades", version: "2.9.1+nmu3", publisher: "Michael Vogt" },
];

interface OsTemplate {
  family: agent.OsFamily;
  names: { name: string; version: string; build?: string; kernel?: string }[];
  hostPrefix: string[];
  software: Software[];
  cpus: string[];
}

export const templates: Record<"windows" | "mac" | "linux", OsTemplate> = {
  windows: {
    family: "WINDOWS",
    names: [
      { name: "Microsoft Windows 11 Pro", version: "10.0.22631", build: "22631" },
      { name: "Microsoft Windows 11 Business", version: "10.0.26100", build: "26100" },
      { name: "Microsoft Windows 10 Pro", version: "10.0.19045", build: "19045" },
      { name: "Microsoft Windows Server 2022 Standard", version: "10.0.20348", build: "20348" },
    ],
    hostPrefix: ["DESKTOP", "LAPTOP", "WS", "SRV", "FRONTDESK", "ACCT"],
    software: WINDOWS_SOFTWARE,
    cpus: ["Intel Core i5-1245U", "Intel Core i7-12700", "AMD Ryzen 7 PRO 5850U", "Intel Xeon Silver 4314"],
  },
  mac: {
    family: "MAC",
    names: [
      { name: "macOS", version: "14.7.1", kernel: "23.6.0" },
      { name: "macOS", version: "15.1", kernel: "24.1.0" },
    ],
    hostPrefix: ["MacBook-Pro", "MacBook-Air", "iMac", "Mac-mini"],
    software: MAC_SOFTWARE,
    cpus: ["Apple M1", "Apple M2 Pro", "Apple M3", "Intel Core i7-9750H"],
  },
  linux: {
    family: "LINUX",
    names: [
      { name: "Ubuntu", version: "22.04.5 LTS", kernel: "5.15.0-125-generic" },
      { name: "Ubuntu", version: "24.04.1 LTS", kernel: "6.8.0-49-generic" },
      { name: "Debian GNU/Linux", version: "12", kernel: "6.1.0-27-amd64" },
      { name: "Red Hat Enterprise Linux", version: "9.4", kernel: "5.14.0-427.42.1.el9_4.x86_64" },
    ],
    hostPrefix: ["web", "db", "app", "files", "backup", "build"],
    software: LINUX_SOFTWARE,
    cpus: ["Intel Xeon E-2388G", "AMD EPYC 7443P", "Intel Core i5-10500T"],
  },
};

const mac = (rand: () => number) =>
  Array.from({ length: 6 }, (_, i) =>
    (i === 0 ? 0x02 : Math.floor(rand() * 256)).toString(16).padStart(2, "0"),
  ).join(":");

/** A realistic, varied inventory for simulated device number `index` (deterministic per seed). */
export function simulatedInventory(index: number, seed: number, agentVersion: string): Inventory {
  const rand = prng(seed * 100_003 + index);
  const kind = index % 10 < 6 ? "windows" : index % 10 < 8 ? "mac" : "linux";
  const t = templates[kind];
  const os = pick(rand, t.names);
  const diskGb = pick(rand, [128, 256, 512, 1024, 2048]);
  const freePct = rand() < 0.08 ? rand() * 0.09 : 0.1 + rand() * 0.7;
  const software = t.software.filter(() => rand() < 0.8).map((s) => ({ ...s }));
  const hostname = `${pick(rand, t.hostPrefix)}-${(index + 1).toString().padStart(5, "0")}`;
  const octet = (index % 250) + 2;
  const uptimeSeconds = Math.floor(rand() * 30 * 86400);
  return {
    hostname,
    os: {
      family: t.family,
      name: os.name,
      version: os.version,
      ...(os.build ? { build: os.build } : {}),
      arch: kind === "mac" && rand() < 0.7 ? "arm64" : "x64",
      ...(os.kernel ? { kernel: os.kernel } : {}),
    },
    cpu: {
      model: pick(rand, t.cpus),
      cores: pick(rand, [2, 4, 6, 8, 16]),
      logicalCores: pick(rand, [4, 8, 12, 16, 32]),
      speedGhz: 2 + Math.round(rand() * 20) / 10,
    },
    memory: { totalBytes: pick(rand, [8, 16, 32, 64]) * GB },
    disks: [
      {
        device: kind === "windows" ? "\\\\.\\PHYSICALDRIVE0" : "/dev/nvme0n1",
        model: "Simulated NVMe SSD",
        type: "NVMe",
        sizeBytes: diskGb * GB,
      },
    ],
    volumes: [
      {
        mount: kind === "windows" ? "C:" : "/",
        fsType: kind === "windows" ? "NTFS" : kind === "mac" ? "APFS" : "ext4",
        sizeBytes: diskGb * GB,
        freeBytes: Math.floor(diskGb * GB * freePct),
      },
    ],
    network: [
      {
        name: kind === "windows" ? "Ethernet" : kind === "mac" ? "en0" : "eth0",
        mac: mac(rand),
        ipv4: [`10.${Math.floor(index / 62500) % 250}.${Math.floor(index / 250) % 250}.${octet}`],
        ipv6: [],
        subnet: "255.255.255.0",
        gateway: `10.${Math.floor(index / 62500) % 250}.${Math.floor(index / 250) % 250}.1`,
        up: true,
      },
    ],
    uptimeSeconds,
    lastBootAt: new Date(Math.round((Date.now() - uptimeSeconds * 1000) / 60_000) * 60_000).toISOString(),
    loggedInUsers: kind === "linux" ? [] : [{ name: `user${index % 97}` }],
    software,
    pendingReboot: rand() < 0.1,
    agentVersion,
  };
}
