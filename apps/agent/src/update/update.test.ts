import { createHash, generateKeyPairSync, sign } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildRelease,
  buildRoot,
  type RepositoryKey,
  type TargetFile,
  type UpdateMetadataBundle,
} from "@steward/domain";
import { applyUpdate, bootstrapRootPayload, loadTrust, type UpdateContext } from "./apply.js";
import { downloadResumable } from "./download.js";
import { Launcher } from "./launcher.js";
import {
  entryFor,
  expireTrial,
  markHealthy,
  readCurrent,
  readUpdateState,
  seedInstall,
  swapTo,
  stageVersion,
} from "./layout.js";

function newKey(keyid: string): RepositoryKey & { privatePem: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const spki = publicKey.export({ format: "der", type: "spki" });
  return {
    keyid,
    publicKey: spki.subarray(spki.length - 32).toString("base64"),
    privatePem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    sign: (m) => sign(null, Buffer.from(m, "utf8"), privateKey).toString("base64"),
  };
}

const sha = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `steward-update-${name}-`));

/** An agent build that prints its version; the "bad" one exits at once, the "good" one marks itself healthy. */
function fakeBuild(version: string, behaviour: "healthy" | "crash" | "silent"): Buffer {
  const body =
    behaviour === "crash"
      ? `process.exit(3);`
      : behaviour === "silent"
        ? `setInterval(() => {}, 1000);`
        : `import fs from "node:fs"; import path from "node:path";
const dir = process.env.STEWARD_AGENT_INSTALL_DIR; const f = path.join(dir, "update-state.json");
const s = JSON.parse(fs.readFileSync(f, "utf8"));
if (s.trial && s.trial.to === ${JSON.stringify(version)}) { s.installed = { version: ${JSON.stringify(version)}, at: new Date().toISOString() }; delete s.trial; fs.writeFileSync(f, JSON.stringify(s)); }
fs.appendFileSync(path.join(dir, "ran.log"), ${JSON.stringify(version)} + "\\n");
setInterval(() => {}, 1000);`;
  return Buffer.from(`// steward-agent ${version}\n${body}\n`);
}

describe("installed layout", () => {
  it("swaps current to a staged version, keeps it once healthy, restores the previous one when the deadline passes", () => {
    const dir = tmp("layout");
    const a = path.join(dir, "a.mjs");
    fs.writeFileSync(a, "// A");
    seedInstall(dir, "1.0.0", a, "bundle");
    expect(readCurrent(dir)).toBe("1.0.0");
    stageVersion(dir, "1.1.0", a, "bundle");
    const t0 = new Date("2026-01-01T00:00:00Z");
    swapTo(dir, "1.1.0", { now: t0, healthSeconds: 60, rolloutId: 7 });
    expect(readCurrent(dir)).toBe("1.1.0");
    expect(expireTrial(dir, new Date(t0.getTime() + 30_000))).toBeUndefined();
    const report = expireTrial(dir, new Date(t0.getTime() + 61_000));
    expect(report).toMatchObject({ from: "1.1.0", to: "1.0.0", rolloutId: 7 });
    expect(report?.reason).toContain("within 60 seconds");
    expect(readCurrent(dir)).toBe("1.0.0");
    expect(readUpdateState(dir).rollback?.from).toBe("1.1.0");

    swapTo(dir, "1.1.0", { now: t0, healthSeconds: 60 });
    expect(markHealthy(dir, "1.1.0", new Date(t0.getTime() + 10_000))).toBe(true);
    expect(expireTrial(dir, new Date(t0.getTime() + 120_000))).toBeUndefined();
    expect(readCurrent(dir)).toBe("1.1.0");
    expect(readUpdateState(dir).installed?.version).toBe("1.1.0");
  });

  it("a reboot keeps the version an update installed; a package upgrade's new build becomes current", () => {
    const dir = tmp("seed");
    const program = path.join(dir, "program.mjs");
    fs.writeFileSync(program, "// 1.0.0");
    seedInstall(dir, "1.0.0", program, "bundle");
    stageVersion(dir, "1.1.0", program, "bundle");
    swapTo(dir, "1.1.0", { now: new Date("2026-01-01T00:00:00Z"), healthSeconds: 60 });
    markHealthy(dir, "1.1.0", new Date("2026-01-01T00:00:10Z"));
    // The service starts the packaged 1.0.0 program's launcher again after a reboot.
    seedInstall(dir, "1.0.0", program, "bundle");
    expect(readCurrent(dir)).toBe("1.1.0");
    // The package is upgraded to 1.2.0: the launcher's build is new to the folder.
    fs.writeFileSync(program, "// 1.2.0");
    seedInstall(dir, "1.2.0", program, "bundle");
    expect(readCurrent(dir)).toBe("1.2.0");
    expect(fs.readFileSync(entryFor(dir, "1.2.0")!.file, "utf8")).toBe("// 1.2.0");
  });

  it("refuses version names that would leave the versions folder and prefers a single executable over the bundle", () => {
    const dir = tmp("names");
    const a = path.join(dir, "a");
    fs.writeFileSync(a, "x");
    expect(() => stageVersion(dir, "../evil", a, "bundle")).toThrow();
    stageVersion(dir, "2.0.0", a, "binary");
    expect(entryFor(dir, "2.0.0")?.kind).toBe("binary");
  });
});

describe("resumable, capped download", () => {
  const body = Buffer.alloc(256 * 1024, 7);
  let server: http.Server;
  let url = "";
  const ranges: (string | undefined)[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      ranges.push(req.headers.range);
      const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
      if (m) {
        const start = Number(m[1]);
        res.writeHead(206, { "content-range": `bytes ${start}-${body.length - 1}/${body.length}` });
        res.end(body.subarray(start));
      } else res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a`;
  });
  afterAll(() => server.close());

  it("asks only for the missing bytes and keeps to the bandwidth cap", async () => {
    const dir = tmp("dl");
    const file = path.join(dir, "a.part");
    fs.writeFileSync(file, body.subarray(0, 100 * 1024));
    const started = Date.now();
    const r = await downloadResumable({ url, file, expectedLength: body.length, bytesPerSecond: 300 * 1024 });
    const seconds = (Date.now() - started) / 1000;
    expect(ranges.at(-1)).toBe(`bytes=${100 * 1024}-`);
    expect(r).toEqual({ resumedFrom: 100 * 1024, received: 156 * 1024 });
    expect(sha(fs.readFileSync(file))).toBe(sha(body));
    // 156 KiB at 300 KiB/s takes about half a second; uncapped it takes a few milliseconds.
    expect(seconds).toBeGreaterThan(0.4);
  });
});

describe("applying an update from signed metadata", () => {
  const keys = { root: newKey("r"), targets: newKey("t"), snapshot: newKey("s"), timestamp: newKey("ts") };
  const commandKey = newKey("command");
  const root = buildRoot({
    version: 1,
    expires: "2099-01-01T00:00:00Z",
    roles: {
      root: { keys: [keys.root] },
      targets: { keys: [keys.targets] },
      snapshot: { keys: [keys.snapshot] },
      timestamp: { keys: [keys.timestamp] },
    },
  });
  const artifacts = new Map<string, Buffer>();
  let bundle: Omit<UpdateMetadataBundle, "roots">;
  const publish = (
    version: number,
    builds: Record<string, { bytes: Buffer; version: string; serveAs?: Buffer }>,
    timestampExpires = "2099-01-01T00:00:00Z",
  ) => {
    const targets: Record<string, TargetFile> = {};
    for (const [name, b] of Object.entries(builds)) {
      targets[name] = {
        length: b.bytes.length,
        hashes: { sha256: sha(b.bytes) },
        custom: { version: b.version, platform: process.platform, arch: process.arch },
      };
      artifacts.set(name, b.serveAs ?? b.bytes);
    }
    bundle = buildRelease(
      {
        version,
        targets,
        expires: "2099-01-01T00:00:00Z",
        timestampExpires,
        targetsKeys: [keys.targets],
        snapshotKeys: [keys.snapshot],
        timestampKeys: [keys.timestamp],
      },
      { sha256Hex: sha },
    );
  };
  let server: http.Server;
  let serverUrl = "";
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      if (u.pathname === "/agent/v1/updates/metadata") {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            roots: [],
            ...bundle,
            bootstrap: { root, signature: commandKey.sign(bootstrapRootPayload(root)) },
          }),
        );
        return;
      }
      const name = decodeURIComponent(u.pathname.replace("/agent/v1/updates/artifacts/", ""));
      const bytes = artifacts.get(name);
      if (!bytes) res.writeHead(404).end();
      else res.end(bytes);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const context = (running = "1.0.0"): UpdateContext => {
    const installDir = tmp("install");
    const dataDir = tmp("data");
    const a = path.join(installDir, "seed.mjs");
    fs.writeFileSync(a, fakeBuild(running, "healthy"));
    seedInstall(installDir, running, a, "bundle");
    return {
      serverUrl,
      dataDir,
      installDir,
      serverPublicKey: commandKey.publicKey,
      runningVersion: running,
      platform: process.platform,
      arch: process.arch,
    };
  };
  const offer = { version: "1.1.0", healthSeconds: 30, bytesPerSecond: 0 };

  it("installs a correctly signed newer build and swaps to it", async () => {
    const b = fakeBuild("1.1.0", "healthy");
    publish(1, { "steward-agent-1.1.0.mjs": { bytes: b, version: "1.1.0" } });
    const ctx = context();
    const steps: string[] = [];
    await applyUpdate(ctx, offer, (s) => steps.push(s));
    expect(steps).toEqual(["downloading", "verifying", "swapped"]);
    expect(readCurrent(ctx.installDir)).toBe("1.1.0");
    expect(fs.readFileSync(entryFor(ctx.installDir, "1.1.0")!.file)).toEqual(b);
    expect(readUpdateState(ctx.installDir).trial?.from).toBe("1.0.0");
    expect(loadTrust(ctx.dataDir)?.timestamp?.signed.version).toBe(1);
  });

  it("refuses a tampered artifact and leaves the running version in place", async () => {
    const b = fakeBuild("1.1.0", "healthy");
    const evil = Buffer.from(b);
    evil[evil.length - 2] = 0x41;
    publish(2, { "steward-agent-1.1.0.mjs": { bytes: b, version: "1.1.0", serveAs: evil } });
    const ctx = context();
    await expect(applyUpdate(ctx, offer)).rejects.toMatchObject({ code: "artifact-hash" });
    expect(readCurrent(ctx.installDir)).toBe("1.0.0");
    expect(fs.existsSync(path.join(ctx.installDir, "versions", "1.1.0"))).toBe(false);
  });

  it("refuses tampered and expired metadata, an older build offered as newer, and a root not vouched for by the pinned key", async () => {
    publish(3, { "steward-agent-1.1.0.mjs": { bytes: fakeBuild("1.1.0", "healthy"), version: "1.1.0" } });
    const good = bundle;
    bundle = JSON.parse(JSON.stringify(good)) as typeof bundle;
    bundle.targets.signed.targets["steward-agent-1.1.0.mjs"]!.custom.version = "9.9.9";
    await expect(applyUpdate(context(), { ...offer, version: "9.9.9" })).rejects.toMatchObject({
      code: "mismatch",
    });

    publish(
      4,
      { "steward-agent-1.1.0.mjs": { bytes: fakeBuild("1.1.0", "healthy"), version: "1.1.0" } },
      "2020-01-01T00:00:00Z",
    );
    await expect(applyUpdate(context(), offer)).rejects.toMatchObject({ code: "expired" });

    publish(5, { "steward-agent-0.9.0.mjs": { bytes: fakeBuild("0.9.0", "healthy"), version: "0.9.0" } });
    const ctx = context();
    await expect(applyUpdate(ctx, { ...offer, version: "0.9.0" })).rejects.toMatchObject({
      code: "not-newer",
    });
    expect(readCurrent(ctx.installDir)).toBe("1.0.0");

    const stranger = { ...context(), serverPublicKey: newKey("x").publicKey };
    await expect(applyUpdate(stranger, offer)).rejects.toMatchObject({ code: "signature" });
  });

  it("refuses older metadata once it trusted newer (rollback)", async () => {
    publish(7, { "steward-agent-1.1.0.mjs": { bytes: fakeBuild("1.1.0", "healthy"), version: "1.1.0" } });
    const newer = bundle;
    const ctx = context();
    await applyUpdate(ctx, offer);
    publish(6, { "steward-agent-1.1.0.mjs": { bytes: fakeBuild("1.1.0", "healthy"), version: "1.1.0" } });
    const again = { ...ctx, installDir: context().installDir };
    await expect(applyUpdate(again, offer)).rejects.toMatchObject({ code: "rollback" });
    bundle = newer;
  });
});

describe("launcher", () => {
  const waitFor = async (check: () => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  const installed = (b: Buffer, version: string) => {
    const dir = tmp("launch");
    const f = path.join(dir, "x.mjs");
    fs.writeFileSync(f, fakeBuild("1.0.0", "healthy"));
    seedInstall(dir, "1.0.0", f, "bundle");
    fs.writeFileSync(f, b);
    stageVersion(dir, version, f, "bundle");
    return dir;
  };
  const launch = (dir: string) => {
    const l = new Launcher({
      installDir: dir,
      args: [],
      pollMs: 50,
      restartDelayMs: 100,
      log: () => undefined,
    });
    const done = l.run().catch(() => undefined);
    return { l, done };
  };
  const ran = (dir: string) => {
    try {
      return fs.readFileSync(path.join(dir, "ran.log"), "utf8").trim().split("\n");
    } catch {
      return [];
    }
  };

  it("starts the swapped-in version, which keeps running once it reported healthy", async () => {
    const dir = installed(fakeBuild("1.1.0", "healthy"), "1.1.0");
    swapTo(dir, "1.1.0", { now: new Date(), healthSeconds: 5 });
    const { l, done } = launch(dir);
    expect(await waitFor(() => readUpdateState(dir).installed?.version === "1.1.0", 5000)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(readCurrent(dir)).toBe("1.1.0");
    expect(ran(dir)).toEqual(["1.1.0"]);
    l.stop();
    await done;
  });

  it("restores the previous version when the new one exits before its health check", async () => {
    const dir = installed(fakeBuild("1.1.0", "crash"), "1.1.0");
    swapTo(dir, "1.1.0", { now: new Date(), healthSeconds: 30 });
    const { l, done } = launch(dir);
    expect(await waitFor(() => ran(dir).includes("1.0.0"), 5000)).toBe(true);
    expect(readCurrent(dir)).toBe("1.0.0");
    expect(readUpdateState(dir).rollback?.reason).toMatch(/exited .* before passing its health check/);
    l.stop();
    await done;
  });

  it("restores the previous version within the set time when the new one never reports healthy", async () => {
    const dir = installed(fakeBuild("1.1.0", "silent"), "1.1.0");
    const started = Date.now();
    swapTo(dir, "1.1.0", { now: new Date(), healthSeconds: 1 });
    const { l, done } = launch(dir);
    expect(await waitFor(() => ran(dir).includes("1.0.0"), 8000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000 + 3000);
    expect(readUpdateState(dir).rollback).toMatchObject({ from: "1.1.0", to: "1.0.0" });
    expect(readUpdateState(dir).rollback?.reason).toContain("within 1 seconds");
    l.stop();
    await done;
  });
});
