import { execFile, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { saveScriptRequest, type ScriptTemplate } from "@steward/contracts";
import { messages, resolveParameterValues } from "@steward/domain";
import { scriptTemplates } from "./index.js";

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "steward-templates-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const byId = (id: string): ScriptTemplate => {
  const found = scriptTemplates.find((t) => t.id === id);
  if (!found) throw new Error(`no template ${id}`);
  return found;
};
const INTERPRETER = { bash: "bash", sh: "sh", python: "python3" } as const;
const runnable = (t: ScriptTemplate): t is ScriptTemplate & { language: keyof typeof INTERPRETER } =>
  t.language in INTERPRETER;

function writeBody(t: ScriptTemplate): string {
  const dir = fs.mkdtempSync(path.join(work, `${t.id}-`));
  const file = path.join(dir, t.language === "python" ? "script.py" : "script.sh");
  fs.writeFileSync(file, t.body, { mode: 0o700 });
  return file;
}

interface RunOptions {
  preset?: string;
  given?: Record<string, string>;
  /** Values passed exactly as written: no stripping, no checks (to prove the scripts quote them). */
  raw?: Record<string, string>;
  env?: Record<string, string>;
}

/**
 * Runs a template the way the agent runs a job: the values the job engine resolves (given over
 * preset over default, stripped) go in as positional arguments in declared order and as
 * STEWARD_PARAM_<NAME> variables (apps/agent/src/jobs/run-script.ts).
 */
async function runLikeAgent(t: ScriptTemplate, options: RunOptions = {}) {
  if (!runnable(t)) throw new Error(`${t.language} cannot run here`);
  let values: { name: string; value: string }[];
  if (options.raw) {
    values = t.parameters.map((p) => ({ name: p.name, value: options.raw?.[p.name] ?? p.defaultValue }));
  } else {
    const given = Object.entries(options.given ?? {}).map(([name, value]) => ({ name, value }));
    const resolved = resolveParameterValues(t.parameters, t.presets, options.preset, given);
    expect(resolved.issues).toEqual([]);
    values = resolved.values;
  }
  const file = writeBody(t);
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  for (const p of values) env[`STEWARD_PARAM_${p.name.toUpperCase()}`] = p.value;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(INTERPRETER[t.language], [file, ...values.map((p) => p.value)], {
      cwd: path.dirname(file),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the built-in templates", () => {
  it("are at least 20, with unique ids, over every language and OS", () => {
    expect(scriptTemplates.length).toBeGreaterThanOrEqual(20);
    expect(new Set(scriptTemplates.map((t) => t.id)).size).toBe(scriptTemplates.length);
    expect(new Set(scriptTemplates.map((t) => t.language))).toEqual(
      new Set(["powershell", "batch", "bash", "sh", "python"]),
    );
    expect(new Set(scriptTemplates.map((t) => t.os))).toEqual(new Set(["WINDOWS", "MAC", "LINUX", "ANY"]));
  });

  it.each(scriptTemplates.map((t) => [t.id, t] as const))(
    "%s is a valid library script (so copying it always works)",
    (_id, t) => {
      const { id: _i, category: _c, readOnly: _r, ...definition } = t;
      const parsed = saveScriptRequest.safeParse(definition);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(t.description.length).toBeGreaterThan(20);
      // A preset may leave required values (a host, a user name) to the run; what it sets must be valid.
      for (const preset of t.presets) {
        const { issues } = resolveParameterValues(t.parameters, t.presets, preset.name, []);
        expect(issues.filter((i) => i.message !== messages.mandatory)).toEqual([]);
      }
    },
  );

  it.each(scriptTemplates.map((t) => [t.id, t] as const))(
    "%s reads every parameter from its STEWARD_PARAM_ variable",
    (_id, t) => {
      for (const p of t.parameters) {
        const upper = p.name.toUpperCase();
        const reads = [`STEWARD_PARAM_${upper}`, `'${upper}'`, `param("${p.name}"`].some((s) =>
          t.body.includes(s),
        );
        expect(reads, `${t.id} never reads ${p.name}`).toBe(true);
      }
      expect(t.body).not.toContain("\\${");
      if (t.language === "batch") expect(t.body.replace(/\r\n/g, "")).not.toContain("\n");
      if (t.language === "batch" && t.parameters.length > 0)
        expect(t.body).toContain("EnableDelayedExpansion");
    },
  );

  it.each(scriptTemplates.filter((t) => t.language === "bash").map((t) => [t.id, t] as const))(
    "%s passes bash -n",
    async (_id, t) => {
      await expect(run("bash", ["-n", writeBody(t)])).resolves.toBeDefined();
    },
  );

  it.each(scriptTemplates.filter((t) => t.language === "sh").map((t) => [t.id, t] as const))(
    "%s passes sh -n (POSIX sh)",
    async (_id, t) => {
      await expect(run("sh", ["-n", writeBody(t)])).resolves.toBeDefined();
    },
  );

  it.each(scriptTemplates.filter((t) => t.language === "python").map((t) => [t.id, t] as const))(
    "%s passes python3 -m py_compile",
    async (_id, t) => {
      await expect(run("python3", ["-m", "py_compile", writeBody(t)])).resolves.toBeDefined();
    },
  );
});

/** Read-only Linux templates and how to run them here; every one of them must be listed. */
const SAFE_RUNS: Record<string, RunOptions[]> = {
  "linux-collect-logs": [
    {},
    { preset: "Warnings, last 4 hours" },
    { given: { unit: "ssh.service", hours: "0.5", max_lines: "5" } },
  ],
  "linux-listening-ports": [{}, { preset: "TCP only" }],
  "linux-uptime": [{}, { given: { max_uptime_days: "100000" } }],
  "linux-network-info": [{}, { preset: "Local only" }],
  "linux-disk-health": [{ given: { max_used_percent: "100" } }],
  "linux-time-sync": [{}, { preset: "Report only" }],
  "linux-installed-software": [{}, { preset: "Find OpenSSL" }],
  "linux-pending-reboot": [{}, { preset: "Report only" }],
  "linux-top-processes": [{}, { preset: "Top 10 by CPU" }],
  "linux-local-admins": [{}],
  "linux-updates-check": [{}],
};
const TESTED_ELSEWHERE = new Set(["check-certificate-expiry", "folder-size-report", "tcp-port-check"]);

describe("the read-only Linux templates run here and exit 0", () => {
  it("lists every read-only template that can run on Linux", () => {
    const candidates = scriptTemplates
      .filter((t) => t.readOnly && runnable(t) && (t.os === "LINUX" || t.os === "ANY"))
      .map((t) => t.id);
    expect(candidates.filter((id) => !(id in SAFE_RUNS) && !TESTED_ELSEWHERE.has(id))).toEqual([]);
  });

  it.each(Object.entries(SAFE_RUNS))("%s", async (id, runs) => {
    for (const options of runs) {
      const result = await runLikeAgent(byId(id), options);
      expect(result.code, `${JSON.stringify(options)}\n${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout.trim()).not.toBe("");
    }
  });

  it("uptime fails (exit 1) past the given number of days", async () => {
    const result = await runLikeAgent(byId("linux-uptime"), { given: { max_uptime_days: "0" } });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Up for \d+ day\(s\), at least 0: restart it\.$/m);
  });

  it("a parameter holding shell syntax and quotes is only ever data", async () => {
    const marker = path.join(work, "pwned");
    for (const value of [
      `$(touch ${marker})`,
      `\`touch ${marker}\``,
      `'; touch ${marker}; echo '`,
      `"; touch ${marker}; echo "`,
    ]) {
      const result = await runLikeAgent(byId("linux-installed-software"), {
        raw: { name_filter: value, list: "true" },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`0 package(s) whose name contains '${value}'`);
      const logs = await runLikeAgent(byId("linux-collect-logs"), { raw: { unit: value, hours: "1" } });
      expect([0, 1]).toContain(logs.code);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("a bad value is refused with exit 2 and a message", async () => {
    const result = await runLikeAgent(byId("linux-top-processes"), {
      raw: { count: "ten", sort_by: "memory" },
    });
    expect(result).toMatchObject({ code: 2, stderr: "count must be a whole number.\n" });
  });
});

describe("templates that change things, run where it is safe", () => {
  it("disk cleanup's dry run reports and deletes nothing", async () => {
    const result = await runLikeAgent(byId("linux-disk-cleanup"), { preset: "Dry run" });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/\/tmp: would delete \d+ file\(s\)/);
    expect(result.stdout).toContain("== Result ==");
    const invalid = await runLikeAgent(byId("linux-disk-cleanup"), {
      raw: { older_than_days: "1.5", dry_run: "true" },
    });
    expect(invalid.code).toBe(2);
  });

  it("rotate logs copies, empties, compresses and keeps the newest N rotations", async () => {
    const dir = fs.mkdtempSync(path.join(work, "logs-"));
    fs.writeFileSync(path.join(dir, "app.log"), "first\n");
    fs.writeFileSync(path.join(dir, "notes.txt"), "not a log\n");
    const t = byId("linux-rotate-logs");
    for (const line of ["first\n", "second\n", "third\n"]) {
      fs.writeFileSync(path.join(dir, "app.log"), line);
      const result = await runLikeAgent(t, { given: { directory: dir, keep: "2" } });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toContain("1 file(s) rotated.");
    }
    const files = fs.readdirSync(dir).sort();
    const rotations = files.filter((f) => f.startsWith("app.log.") && f.endsWith(".gz"));
    expect(rotations).toHaveLength(2);
    expect(fs.readFileSync(path.join(dir, "app.log"), "utf8")).toBe("");
    expect(files).toContain("notes.txt");
    const { stdout } = await run("sh", [
      "-c",
      'for f in "$@"; do gzip -dc "$f"; done',
      "_",
      ...rotations.map((f) => path.join(dir, f)),
    ]);
    expect(stdout.split("\n").filter(Boolean).sort()).toEqual(["second", "third"]);
    const missing = await runLikeAgent(t, { given: { directory: path.join(dir, "nope") } });
    expect(missing).toMatchObject({ code: 3, stderr: `There is no folder ${path.join(dir, "nope")}.\n` });
  });
});

describe("the Python templates", () => {
  it("folder size report lists the largest entries first", async () => {
    const dir = fs.mkdtempSync(path.join(work, "sizes-"));
    fs.mkdirSync(path.join(dir, "big", "deeper"), { recursive: true });
    fs.writeFileSync(path.join(dir, "big", "deeper", "blob"), Buffer.alloc(300_000));
    fs.mkdirSync(path.join(dir, "small"));
    fs.writeFileSync(path.join(dir, "small", "a"), Buffer.alloc(2_000));
    fs.writeFileSync(path.join(dir, "file.bin"), Buffer.alloc(50_000));
    const result = await runLikeAgent(byId("folder-size-report"), { given: { path: dir, top: "2" } });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe(`Largest entries under ${dir} (total 343.8 KB):`);
    expect(lines.slice(1).map((l) => l.trim())).toEqual(["293.0 KB  big/", "48.8 KB  file.bin"]);
  });

  it("TCP port check: exit 0 when every target answers, 1 when one does not", async () => {
    const server = net.createServer((s) => s.end());
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const open = (server.address() as net.AddressInfo).port;
    const closedServer = net.createServer();
    await new Promise<void>((r) => closedServer.listen(0, "127.0.0.1", r));
    const closed = (closedServer.address() as net.AddressInfo).port;
    await new Promise((r) => closedServer.close(r));
    try {
      const t = byId("tcp-port-check");
      const ok = await runLikeAgent(t, { given: { targets: `127.0.0.1:${open}` } });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(new RegExp(`^OK     127\\.0\\.0\\.1:${open} answered in \\d+ ms$`, "m"));
      const mixed = await runLikeAgent(t, {
        given: { targets: `127.0.0.1:${open}, [::1]:${closed}`, timeout_seconds: "2" },
      });
      expect(mixed.code).toBe(1);
      expect(mixed.stdout).toContain(`FAILED ::1:${closed}`);
      expect(mixed.stdout).toContain("1 of 2 target(s) answered.");
      const bad = await runLikeAgent(t, { given: { targets: "no-port-here" } });
      expect(bad).toMatchObject({ code: 2, stderr: "Not a host:port target or timeout: no-port-here\n" });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  const hasOpenssl = spawnSync("openssl", ["version"]).status === 0;
  it.skipIf(!hasOpenssl)(
    "certificate expiry: days left, the warning period, and an untrusted certificate",
    async () => {
      const dir = fs.mkdtempSync(path.join(work, "tls-"));
      const key = path.join(dir, "key.pem");
      const cert = path.join(dir, "cert.pem");
      await run("openssl", [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "90",
        "-subj",
        "/CN=localhost",
        "-addext",
        "subjectAltName=DNS:localhost",
      ]);
      const server = tls.createServer({ key: fs.readFileSync(key), cert: fs.readFileSync(cert) }, (s) =>
        s.end(),
      );
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const port = String((server.address() as net.AddressInfo).port);
      try {
        const t = byId("check-certificate-expiry");
        const target = { host: "127.0.0.1", port, server_name: "localhost" };
        const trusted = { SSL_CERT_FILE: cert };
        const fine = await runLikeAgent(t, { given: target, env: trusted });
        expect(fine.code, fine.stderr).toBe(0);
        expect(fine.stdout).toContain("Subject:    localhost");
        expect(fine.stdout).toMatch(/Days left: {2}(89|90)\.\d/);
        const soon = await runLikeAgent(t, { given: target, preset: "Warn 60 days ahead", env: trusted });
        expect(soon.code).toBe(0);
        const expiring = await runLikeAgent(t, { given: { ...target, warn_days: "120" }, env: trusted });
        expect(expiring.code).toBe(1);
        expect(expiring.stderr).toMatch(
          /^The certificate expires in (89|90)\.\d days, within the 120-day warning period\.$/m,
        );
        const untrusted = await runLikeAgent(t, {
          given: target,
          env: { SSL_CERT_FILE: path.join(dir, "none.pem") },
        });
        expect(untrusted.code).toBe(2);
        expect(untrusted.stderr).toMatch(/^The certificate of 127\.0\.0\.1:\d+ is not valid: /);
        const wrongName = await runLikeAgent(t, {
          given: { ...target, server_name: "other.example" },
          env: trusted,
        });
        expect(wrongName.code).toBe(2);
      } finally {
        await new Promise((r) => server.close(r));
      }
    },
  );
});
