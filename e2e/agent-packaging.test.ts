// The self-contained agent and its native packages, built from this Linux machine: the
// linux-x64 binary enrolls with the downloads page's command and works with no Node.js on PATH;
// the .deb installs and purges cleanly in a throwaway root; the MSI, the Windows executable and
// the macOS layout have the structure their systems need. Builds linux-x64, win-x64 and
// darwin-arm64 only (into a folder of its own, so the server's own release is untouched).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, repoRoot } from "./support/server.js";
import { authenticatorCode } from "./support/totp.js";

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "steward-packaging-"));
const releaseDir = path.join(work, "release");
const cleanups: (() => void)[] = [];

interface Artifact {
  file: string;
  kind: string;
  target: string | null;
  size: number;
  sha256: string;
}
let artifacts: Artifact[] = [];
const artifact = (kind: string, target?: string) => {
  const found = artifacts.find((a) => a.kind === kind && (target === undefined || a.target === target));
  if (!found) throw new Error(`no ${kind} ${target ?? ""} in ${artifacts.map((a) => a.file).join(", ")}`);
  return path.join(releaseDir, found.file);
};

beforeAll(async () => {
  process.env.STEWARD_AGENT_RELEASE_DIR = releaseDir;
  const script = pathToFileURL(path.join(repoRoot, "apps/agent/packaging/build.mjs")).href;
  const build = (await import(script)) as {
    buildRelease(o: { targets: string[]; fast: boolean }): Promise<{ artifacts: Artifact[] }>;
  };
  artifacts = (await build.buildRelease({ targets: ["linux-x64", "win-x64", "darwin-arm64"], fast: true }))
    .artifacts;
}, 600_000);

afterAll(() => {
  cleanups.forEach((c) => c());
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(`${releaseDir}.work`, { recursive: true, force: true });
});

/** A browser-like API client: cookie + CSRF header. */
class Api {
  cookie = "";
  csrf = "";
  constructor(public base: string) {}
  async call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        cookie: this.cookie,
        "x-csrf-token": this.csrf,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0]!;
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    const session = (json.session ?? json) as { csrfToken?: string };
    if (typeof session.csrfToken === "string") this.csrf = session.csrfToken;
    if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(json)}`);
    // Test-only loose access to answers whose shapes the contracts already test.
    return json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  }
}

/** A folder of the few tools the install command and scripts use, without Node.js among them. */
function toolsWithoutNode(): string {
  const dir = path.join(work, "bin");
  fs.mkdirSync(dir, { recursive: true });
  for (const tool of [
    "sh",
    "bash",
    "uname",
    "mktemp",
    "curl",
    "sha256sum",
    "install",
    "rm",
    "cat",
    "echo",
    "mkdir",
    "hostname",
    "id",
    "ls",
    "ps",
    "df",
  ]) {
    const found = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
      .map((d) => path.join(d, tool))
      .find((p) => fs.existsSync(p));
    if (found) fs.symlinkSync(found, path.join(dir, tool));
  }
  // The install command runs its privileged steps with sudo; the test already is root.
  fs.writeFileSync(path.join(dir, "sudo"), '#!/bin/sh\nexec "$@"\n', { mode: 0o755 });
  return dir;
}

describe("the self-contained linux-x64 agent", () => {
  let agent: ChildProcess | undefined;
  let agentLog = "";

  it("enrolls with the downloads page's command with no Node.js on PATH, reports inventory and runs a script", async () => {
    const dataDir = path.join(work, "server-data");
    const env = {
      PORT: String(await freePort()),
      STEWARD_AGENT_PORT: String(await freePort()),
      HOST: "127.0.0.1",
      STEWARD_DATA_DIR: dataDir,
      STEWARD_LOCAL_AGENT: "false",
      STEWARD_AGENT_RELEASE_DIR: releaseDir,
      LOG_LEVEL: "warn",
    };
    let serverLog = "";
    const server = spawn(process.execPath, [path.join(repoRoot, "apps/server/dist/main.js")], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d: Buffer) => (serverLog += d.toString()));
    server.stderr!.on("data", (d: Buffer) => (serverLog += d.toString()));
    cleanups.push(() => server.kill("SIGKILL"));
    const api = new Api(`http://127.0.0.1:${env.PORT}`);
    for (let i = 0; ; i++) {
      if (server.exitCode !== null || i > 600) throw new Error(`server did not start:\n${serverLog}`);
      if (
        await fetch(`${api.base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await api.call("POST", "/api/setup", {
      email: "packaging@example.test",
      password: "a long enough passphrase",
      firstName: "Pack",
      lastName: "Aging",
    });
    const { secret } = await api.call("POST", "/api/auth/mfa/totp/enroll");
    await api.call("POST", "/api/auth/mfa/totp/confirm", { code: authenticatorCode(secret) });
    const org = await api.call("POST", "/api/organizations", { name: "Packaging" });
    const token = await api.call("POST", `/api/organizations/${org.id}/enrollment-tokens`, {
      locationId: org.locations[0].id,
    });

    // The downloads page lists every artifact with its SHA-256.
    const downloads = await api.call("GET", "/api/agent/downloads");
    expect(downloads.built).toBe(true);
    expect(downloads.artifacts.map((a: Artifact) => a.file).sort()).toEqual(
      artifacts.map((a) => a.file).sort(),
    );
    const sums = await fetch(`${downloads.downloadBase}/SHA256SUMS`).then((r) => r.text());
    for (const a of artifacts) expect(sums).toContain(`${a.sha256}  ${a.file}`);
    expect((await fetch(`${downloads.downloadBase}/..%2F..%2Fmanifest.json`)).status).toBe(404);

    // The Linux command needs no Node.js: it downloads the executable, checks its SHA-256,
    // installs and enrolls it. Its install folder is redirected into the test's folder and it
    // stops before the systemd steps (this machine's systemd is not PID 1).
    const command: string = token.commands.linux;
    expect(command).not.toMatch(/\bnode\b/i);
    const steps = command.split(" && ");
    const serviceAt = steps.findIndex((s) => s.includes(" install-service"));
    expect(serviceAt).toBeGreaterThan(0);
    const installDir = path.join(work, "opt");
    const agentData = path.join(work, "agent-data");
    const adapted = steps.slice(0, serviceAt).join(" && ").replaceAll("/opt/steward", installDir);
    const bin = toolsWithoutNode();
    const clean = { PATH: bin, HOME: work, STEWARD_AGENT_DATA_DIR: agentData };
    await expect(run("/usr/bin/env", ["-i", `PATH=${bin}`, "sh", "-c", "command -v node"])).rejects.toThrow();
    const enrolled = await run("/usr/bin/env", [
      "-i",
      ...Object.entries(clean).map(([k, v]) => `${k}=${v}`),
      "bash",
      "-c",
      adapted,
    ]);
    const deviceId = Number(/Enrolled as device (\d+)\./.exec(enrolled.stdout)?.[1]);
    expect(deviceId, enrolled.stdout + enrolled.stderr).toBeGreaterThan(0);

    // The unit it would install starts the executable itself.
    const executable = path.join(installDir, "steward-agent");
    const unit = await run(executable, ["install-service", "--print"], { env: clean });
    expect(unit.stdout).toContain(`ExecStart="${executable}" launch --install-dir "${installDir}"`);
    expect(unit.stdout).toMatch(/^Restart=always$/m);

    const start = () => {
      const child = spawn(executable, ["run"], { env: clean, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout!.on("data", (d: Buffer) => (agentLog += d.toString()));
      child.stderr!.on("data", (d: Buffer) => (agentLog += d.toString()));
      cleanups.push(() => child.kill("SIGKILL"));
      return child;
    };
    agent = start();
    const until = async <T>(what: string, probe: () => Promise<T | undefined>) => {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        const value = await probe();
        if (value !== undefined) return value;
        await new Promise((r) => setTimeout(r, 500));
      }
      throw new Error(`${what} did not happen; agent:\n${agentLog}\nserver:\n${serverLog}`);
    };
    const device = await until("inventory report", async () => {
      const d = await api.call("GET", `/api/devices/${deviceId}`);
      return d.agentVersion && d.osName !== undefined && d.status === "UP" ? d : undefined;
    });
    expect(device.agentVersion).toBe("0.1.0");

    // A script job runs on it (with no Node.js on PATH) and succeeds.
    const marker = path.join(work, "ran.txt");
    await api.call("POST", "/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: deviceId,
          jobs: [
            {
              jobType: "ACTION",
              jobName: "packaging script",
              content: {
                script: { name: "mark", language: "bash", body: 'uname -s > "$1"' },
                parameters: [{ name: "file", value: marker }],
              },
            },
          ],
        },
      ],
    });
    await until("the script job", async () => {
      const list = await api.call("GET", `/api/webapp/job/list?nodeId=${deviceId}`);
      return list.jobs.find((j: { jobStatus: string }) => j.jobStatus === "COMPLETED");
    });
    expect(fs.readFileSync(marker, "utf8").trim()).toBe("Linux");

    // kill -9, then started again the way the unit's Restart=always would: it reconnects.
    agent.kill("SIGKILL");
    await new Promise((r) => agent!.once("exit", r));
    await until("the device going down", async () => {
      const d = await api.call("GET", `/api/devices/${deviceId}`);
      return d.status !== "UP" ? d : undefined;
    }).catch(() => undefined);
    agent = start();
    await until("reconnection after kill -9", async () => {
      const d = await api.call("GET", `/api/devices/${deviceId}`);
      return d.status === "UP" ? d : undefined;
    });
    agent.kill("SIGTERM");
    server.kill("SIGTERM");
  }, 300_000);
});

describe("native packages", () => {
  it("the .deb installs its executable and systemd unit into a throwaway root and purges without leaving a file", async () => {
    const deb = artifact("deb");
    const listing = (await run("dpkg-deb", ["-c", deb])).stdout;
    expect(listing).toContain("./opt/steward/steward-agent");
    expect(listing).toContain("./lib/systemd/system/steward-agent.service");

    const root = path.join(work, "deb-root");
    const admin = path.join(root, "var/lib/dpkg");
    for (const d of ["info", "updates", "triggers"]) fs.mkdirSync(path.join(admin, d), { recursive: true });
    fs.writeFileSync(path.join(admin, "status"), "");
    const dpkg = (...args: string[]) =>
      run("dpkg", [
        `--instdir=${root}`,
        `--admindir=${admin}`,
        "--force-script-chrootless",
        "--force-not-root",
        "--log=/dev/null",
        ...args,
      ]);
    await dpkg("-i", deb);
    const installed = path.join(root, "opt/steward/steward-agent");
    expect(fs.statSync(installed).mode & 0o111).not.toBe(0);
    const unit = fs.readFileSync(path.join(root, "lib/systemd/system/steward-agent.service"), "utf8");
    expect(unit).toContain('ExecStart="/opt/steward/steward-agent" launch --install-dir "/opt/steward"');
    expect(unit).toMatch(/^Restart=always$/m);
    expect((await dpkg("-s", "steward-agent")).stdout).toMatch(/Status: install ok installed/);

    // The agent's identity in its data folder goes with a purge too.
    fs.mkdirSync(path.join(root, "var/lib/steward-agent"), { recursive: true });
    fs.writeFileSync(path.join(root, "var/lib/steward-agent/agent.json"), "{}");
    await dpkg("--purge", "steward-agent");
    const left: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (full.startsWith(admin)) continue;
        if (e.isDirectory()) walk(full);
        else left.push(path.relative(root, full));
      }
    };
    walk(root);
    expect(left).toEqual([]);
    expect(fs.existsSync(path.join(root, "opt/steward"))).toBe(false);
  });

  it("the systemd unit passes systemd-analyze verify and restarts the agent whatever ends it", async () => {
    const unitFile = path.join(work, "steward-agent.service");
    const binary = artifact("binary", "linux-x64");
    const unit = (await run(binary, ["install-service", "--print", "--data-dir", work])).stdout;
    fs.writeFileSync(unitFile, unit);
    const verify = await run("systemd-analyze", ["verify", unitFile]).catch(
      (e: { stderr: string; code: number }) => e,
    );
    expect("code" in verify ? verify.stderr : "").not.toMatch(/steward-agent\.service/);
    expect(unit).toMatch(/^Restart=always$/m);
    expect(unit).toMatch(/^RestartSec=\d+$/m);
  });

  it("the .rpm holds the executable and the unit", async () => {
    const files = (await run("rpm", ["-qlp", artifact("rpm")])).stdout.trim().split("\n");
    expect(files).toEqual(["/opt/steward/steward-agent", "/usr/lib/systemd/system/steward-agent.service"]);
  });

  it("msiinfo reads the MSI's service and file tables", async () => {
    const msi = artifact("msi");
    const tables = (await run("msiinfo", ["tables", msi])).stdout;
    expect(tables).toMatch(/^ServiceInstall$/m);
    expect(tables).toMatch(/^File$/m);
    const service = (await run("msiinfo", ["export", msi, "ServiceInstall"])).stdout;
    expect(service).toMatch(/StewardAgent/);
    expect(service).toMatch(/launch --install-dir "\[INSTALLDIR\]\."/);
    const files = (await run("msiinfo", ["export", msi, "File"])).stdout;
    expect(files).toMatch(/steward-agent\.exe/);
  });

  it("the Windows executable is a PE image carrying the agent as a SEA resource", () => {
    const exe = fs.readFileSync(artifact("binary", "win-x64"));
    expect(exe.subarray(0, 2).toString("latin1")).toBe("MZ");
    const pe = exe.readUInt32LE(0x3c);
    expect(exe.subarray(pe, pe + 4).toString("latin1")).toBe("PE\0\0");
    expect(exe.readUInt16LE(pe + 4)).toBe(0x8664); // x64
    expect(exe.includes(Buffer.from("NODE_SEA_BLOB", "utf16le"))).toBe(true);
    expect(exe.includes(Buffer.from("NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2:1"))).toBe(true);
  });

  it("the macOS layout holds a Mach-O arm64 executable with its SEA segment and a valid launchd plist", async () => {
    const out = path.join(work, "mac");
    fs.mkdirSync(out);
    await run("tar", ["-xzf", artifact("macos-layout"), "-C", out]);
    const bin = fs.readFileSync(path.join(out, "root/usr/local/steward/steward-agent"));
    expect(bin.readUInt32LE(0)).toBe(0xfeedfacf); // 64-bit Mach-O
    expect(bin.readUInt32LE(4)).toBe(0x0100000c); // arm64
    expect(bin.includes(Buffer.from("NODE_SEA"))).toBe(true);
    const plist = path.join(out, "root/Library/LaunchDaemons/com.steward.agent.plist");
    const parsed = await run("python3", [
      "-c",
      "import json, plistlib, sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))",
      plist,
    ]);
    const daemon = JSON.parse(parsed.stdout) as Record<string, unknown>;
    expect(daemon.Label).toBe("com.steward.agent");
    expect(daemon.ProgramArguments).toEqual([
      "/usr/local/steward/steward-agent",
      "launch",
      "--install-dir",
      "/usr/local/steward",
    ]);
    expect(daemon.KeepAlive).toBe(true);
    expect(fs.statSync(path.join(out, "scripts/postinstall")).mode & 0o111).not.toBe(0);
  });

  it("SHA256SUMS matches every artifact", async () => {
    const check = await run("sha256sum", ["-c", "SHA256SUMS"], { cwd: releaseDir });
    for (const a of artifacts) expect(check.stdout).toContain(`${a.file}: OK`);
  });
});
