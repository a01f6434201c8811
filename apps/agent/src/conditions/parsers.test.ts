import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  countSyslogMatches,
  dataMounts,
  parseDiskstats,
  parseDpkgQuery,
  parsePidStat,
  parseSmartctlHealth,
  parseSmartctlScan,
  parseSystemctlShow,
} from "./linux.js";
import {
  countLogShow,
  parseDf,
  parseDiskutilSmart,
  parseLaunchctlList,
  parseNetstatIb,
  parsePs,
  parseSoftwareUpdateRestart,
  parseVmStat,
} from "./macos.js";
import { patternOf } from "./probe.js";
import { sameProcess } from "./checks.js";
import {
  countWinEvents,
  findSoftware,
  parseDefenderStatus,
  parseDiskIdle,
  parseFailurePredict,
  parseLogicalDisks,
  parseNetworkInterfaces,
  parseServiceStatus,
  parseWin32Processes,
} from "./windows.js";

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");

describe("Linux outputs", () => {
  it("systemctl show: active runs; failed or inactive does not; not-found is missing", () => {
    expect(parseSystemctlShow(fixture("linux-systemctl-active.txt"))).toBe("RUNNING");
    expect(parseSystemctlShow(fixture("linux-systemctl-failed.txt"))).toBe("STOPPED");
    expect(parseSystemctlShow(fixture("linux-systemctl-notfound.txt"))).toBe("MISSING");
  });

  it("smartctl: ATA PASSED, FAILED!, NVMe OK; the scan lists device paths", () => {
    expect(parseSmartctlHealth(fixture("linux-smartctl-ata.txt"))).toEqual({
      passed: true,
      status: "PASSED",
    });
    expect(parseSmartctlHealth(fixture("linux-smartctl-failed.txt"))).toEqual({
      passed: false,
      status: "FAILED!",
    });
    expect(parseSmartctlHealth(fixture("linux-smartctl-nvme.txt"))).toEqual({ passed: true, status: "OK" });
    expect(parseSmartctlHealth("Unknown USB bridge")).toBeUndefined();
    expect(parseSmartctlScan(fixture("linux-smartctl-scan.txt"))).toEqual(["/dev/sda", "/dev/nvme0"]);
  });

  it("syslog lines in the window that match, traditional and RFC 3339 times", () => {
    const oom = patternOf("out of memory");
    // Local time, as the traditional format is written.
    const now = new Date(2026, 10, 24, 11, 35, 0);
    expect(countSyslogMatches(fixture("linux-syslog.txt"), oom, new Date(2026, 10, 24, 11, 25, 0), now)).toBe(
      2,
    );
    expect(countSyslogMatches(fixture("linux-syslog.txt"), oom, new Date(2026, 10, 24, 11, 30, 0), now)).toBe(
      1,
    );
    const iso = fixture("linux-syslog-rfc3339.txt");
    expect(
      countSyslogMatches(iso, oom, new Date("2026-11-24T11:30:00Z"), new Date("2026-11-24T11:35:00Z")),
    ).toBe(1);
    // A line from December read in January belongs to the year before.
    expect(
      countSyslogMatches(
        "Dec 31 23:59:00 h k: Out of memory",
        oom,
        new Date(2026, 11, 31, 23, 0),
        new Date(2027, 0, 1, 0, 5),
      ),
    ).toBe(1);
  });

  it("dpkg-query: installed only with the ii status; /proc/<pid>/stat with spaces in the name", () => {
    expect(parseDpkgQuery("bash\t5.2.15-2+b8\tii \n", "bash")).toBe("5.2.15-2+b8");
    expect(parseDpkgQuery("nginx\t1.22.1-9\trc \n", "nginx")).toBeUndefined();
    expect(parseDpkgQuery("libc6:amd64\t2.36-9\tii \n", "libc6")).toBe("2.36-9");
    const stat =
      "4242 (Web Content) S 1 4242 4242 0 -1 4194560 1234 0 0 0 250 50 0 0 20 0 30 0 12345 3000000000 51200 18446744073709551615";
    expect(parsePidStat(stat)).toEqual({ name: "Web Content", ticks: 300, rssPages: 51200 });
  });

  it("/proc/mounts: data filesystems only; /proc/diskstats: busy milliseconds per device", () => {
    const mounts = [
      "/dev/vda1 / ext4 rw,relatime 0 0",
      "proc /proc proc rw 0 0",
      "tmpfs /run tmpfs rw 0 0",
      "/dev/vdb1 /mnt/my\\040data xfs rw 0 0",
      "overlay /var/lib/docker/overlay2/x/merged overlay rw 0 0",
    ].join("\n");
    expect(dataMounts(mounts)).toEqual(["/", "/mnt/my data"]);
    const before = parseDiskstats(fixture("linux-diskstats-1.txt"));
    const after = parseDiskstats(fixture("linux-diskstats-2.txt"));
    expect(before.get("vda")).toBe(500000);
    expect(after.get("vda")! - before.get("vda")!).toBe(7500);
  });
});

describe("Windows outputs (PowerShell JSON)", () => {
  it("logical disks, disk idle time and network rates", () => {
    expect(parseLogicalDisks(fixture("win-logicaldisk.json"))).toEqual([
      { mount: "C:", totalBytes: 254721126400, freeBytes: 18339713024 },
      { mount: "D:", totalBytes: 1000186310656, freeBytes: 612395130880 },
    ]);
    expect(parseDiskIdle(fixture("win-perfdisk.json"))).toEqual([
      { disk: "C:", percent: 88 },
      { disk: "D:", percent: 1 },
    ]);
    expect(parseNetworkInterfaces(fixture("win-network.json"))).toEqual({
      inBytes: 1844224,
      outBytes: 205312,
    });
  });

  it("processes with working set and processor seconds; names compared without .exe and case", () => {
    const list = parseWin32Processes(fixture("win-process.json"));
    expect(list.find((p) => p.pid === 2316)).toEqual({
      pid: 2316,
      name: "sqlservr.exe",
      memoryBytes: 1610612736,
      cpuSeconds: 859.375,
    });
    expect(list.filter((p) => sameProcess(p.name, "Chrome", "win32")).map((p) => p.pid)).toEqual([
      8832, 9120,
    ]);
    expect(sameProcess("chrome.exe", "chrome", "linux")).toBe(false);
  });

  it("services: a status as text or as PowerShell 5's number; nothing printed is a missing service", () => {
    expect(parseServiceStatus(fixture("win-service-running.json"))).toBe("RUNNING");
    expect(parseServiceStatus(fixture("win-service-ps5.json"))).toBe("STOPPED");
    expect(parseServiceStatus("")).toBe("MISSING");
  });

  it("event log entries matching a pattern, SMART failure prediction, Defender and installed programs", () => {
    expect(countWinEvents(fixture("win-events.json"), patternOf("Spooler service terminated"))).toBe(2);
    expect(countWinEvents(fixture("win-events.json"), patternOf("Kernel-Power 41"))).toBe(1);
    expect(parseFailurePredict(fixture("win-smart.json")).map((d) => d.passed)).toEqual([true, false]);
    expect(parseDefenderStatus(fixture("win-defender.json"))).toEqual({
      available: true,
      product: "Microsoft Defender",
      enabled: false,
      upToDate: false,
      threatFound: false,
    });
    expect(parseDefenderStatus("")).toEqual({ available: false });
    const programs = [
      { name: "7-Zip 23.01 (x64)", version: "23.01" },
      { name: "Google Chrome", version: "131.0.6778.86" },
    ];
    expect(findSoftware(programs, "7-zip")).toBe("23.01");
    expect(findSoftware(programs, "google chrome")).toBe("131.0.6778.86");
    expect(findSoftware(programs, "Chrome")).toBeUndefined();
  });
});

describe("macOS outputs", () => {
  it("vm_stat: active, wired and compressed pages of the stated page size", () => {
    expect(parseVmStat(fixture("mac-vm_stat.txt"))).toBe((224981 + 92541 + 125871) * 16384);
  });

  it("df: local device filesystems (system volumes but Data left out), in bytes", () => {
    expect(parseDf(fixture("mac-df.txt"))).toEqual([
      { mount: "/", totalBytes: 482797652 * 1024, freeBytes: 234076284 * 1024 },
      { mount: "/System/Volumes/Data", totalBytes: 482797652 * 1024, freeBytes: 234076284 * 1024 },
      { mount: "/Volumes/Backup Disk", totalBytes: 1953513556 * 1024, freeBytes: 41420452 * 1024 },
    ]);
  });

  it("netstat -ibn: link rows summed, loopback left out", () => {
    expect(parseNetstatIb(fixture("mac-netstat.txt"))).toEqual({ rx: 12000001500, tx: 800002500 });
  });

  it("ps: program names, resident memory and CPU as a share of the whole machine", () => {
    const list = parsePs(fixture("mac-ps.txt"), 10);
    expect(list.find((p) => p.pid === 901)).toEqual({
      pid: 901,
      name: "Google Chrome",
      memoryBytes: 204800 * 1024,
      cpuPercent: 4.5,
    });
    expect(list.filter((p) => p.name === "nginx")).toHaveLength(2);
  });

  it("launchctl list: a daemon with a PID runs, one without does not, an unknown label is missing", () => {
    const out = fixture("mac-launchctl.txt");
    expect(parseLaunchctlList(out, "homebrew.mxcl.nginx")).toBe("RUNNING");
    expect(parseLaunchctlList(out, "homebrew.mxcl.postgresql@16")).toBe("STOPPED");
    expect(parseLaunchctlList(out, "com.example.none")).toBe("MISSING");
  });

  it("log show, softwareupdate and diskutil", () => {
    expect(countLogShow(fixture("mac-logshow.ndjson"), patternOf("Address already in use"))).toBe(2);
    expect(countLogShow(fixture("mac-logshow.ndjson"), patternOf("^powerd Previous shutdown"))).toBe(1);
    expect(parseSoftwareUpdateRestart(fixture("mac-softwareupdate.txt"))).toBe(true);
    expect(
      parseSoftwareUpdateRestart(
        "Software Update Tool\n\nFinding available software\nNo new software available.\n",
      ),
    ).toBe(false);
    expect(parseDiskutilSmart(fixture("mac-diskutil.txt"))).toEqual([
      { disk: "disk0", passed: true, status: "Verified" },
      { disk: "disk4", passed: false, status: "Failing" },
    ]);
  });

  it("a pattern that is not a regular expression is matched as text", () => {
    expect(patternOf("disk (full").test("Disk (full) on /data")).toBe(true);
    expect(patternOf("error \\d+").test("ERROR 42")).toBe(true);
  });
});
