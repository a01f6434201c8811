import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import {
  decideIdentity,
  localSystem,
  runScript,
  windowsCredentialLaunch,
  type IdentitySystem,
  type ScriptPayload,
} from "./run-script.js";

const payload = (overrides: Partial<ScriptPayload> = {}): ScriptPayload => ({
  language: "bash",
  body: "id -un\n",
  parameters: [],
  timeoutSeconds: 30,
  runAs: "System",
  ...overrides,
});

const accounts: Record<string, { uid: number; gid: number; home: string }> = {
  root: { uid: 0, gid: 0, home: "/root" },
  alice: { uid: 1000, gid: 1000, home: "/home/alice" },
  svc: { uid: 998, gid: 997, home: "/var/lib/svc" },
};

const fakeSystem = (overrides: Partial<IdentitySystem> = {}): IdentitySystem => ({
  platform: "linux",
  uid: 0,
  agentUser: "root",
  lookupUser: (name) => accounts[name] ?? null,
  consoleUser: () => "alice",
  ...overrides,
});

describe("who a script runs as (Linux and macOS)", () => {
  it("runs as the agent itself for System", () => {
    expect(decideIdentity(payload(), fakeSystem())).toEqual({ kind: "self" });
  });

  it("runs as the credential's local account when the agent is root", () => {
    expect(
      decideIdentity(payload({ runAs: "credential:4", account: { username: "svc" } }), fakeSystem()),
    ).toEqual({ kind: "posix-user", username: "svc", uid: 998, gid: 997, home: "/var/lib/svc" });
    expect(
      decideIdentity(
        payload({ runAs: "Preferred Mac Credential", account: { username: "alice" } }),
        fakeSystem({ platform: "darwin" }),
      ),
    ).toMatchObject({ kind: "posix-user", uid: 1000 });
  });

  it("runs as the console user for Current Logged on User", () => {
    expect(decideIdentity(payload({ runAs: "Current Logged on User" }), fakeSystem())).toMatchObject({
      kind: "posix-user",
      username: "alice",
      uid: 1000,
    });
    expect(
      decideIdentity(payload({ runAs: "Current Logged on User" }), fakeSystem({ consoleUser: () => null })),
    ).toEqual({
      kind: "refused",
      message: 'Run As "Current Logged on User": no user is logged on at this device',
    });
  });

  it("refuses, with a clear text, another identity when the agent is not root", () => {
    const sys = fakeSystem({ uid: 1000, agentUser: "alice" });
    expect(decideIdentity(payload({ runAs: "credential:4", account: { username: "svc" } }), sys)).toEqual({
      kind: "refused",
      message: 'Run As "credential:4": the agent runs as alice, not root, so it cannot run scripts as "svc"',
    });
    // Asking for the agent's own account is no change of identity.
    expect(decideIdentity(payload({ runAs: "credential:5", account: { username: "alice" } }), sys)).toEqual({
      kind: "self",
    });
  });

  it("refuses an account the device does not have, and a choice without an account", () => {
    expect(
      decideIdentity(payload({ runAs: "credential:4", account: { username: "ghost" } }), fakeSystem()),
    ).toEqual({
      kind: "refused",
      message: 'Run As "credential:4": there is no local account "ghost" on this device',
    });
    expect(decideIdentity(payload({ runAs: "Preferred Linux Credential" }), fakeSystem())).toEqual({
      kind: "refused",
      message: 'Run As "Preferred Linux Credential" is not available on this device',
    });
  });
});

describe("who a script runs as (Windows)", () => {
  const win = fakeSystem({ platform: "win32", uid: undefined, agentUser: "SYSTEM" });

  it("logs on with the credential's account, splitting DOMAIN\\user", () => {
    expect(
      decideIdentity(
        payload({
          language: "powershell",
          runAs: "Preferred Windows Domain Admin",
          account: { username: "CORP\\admin", password: "pw" },
        }),
        win,
      ),
    ).toEqual({ kind: "windows-credential", username: "admin", domain: "CORP", password: "pw" });
    expect(
      decideIdentity(
        payload({ runAs: "credential:2", account: { username: "helpdesk", password: "x" } }),
        win,
      ),
    ).toEqual({ kind: "windows-credential", username: "helpdesk", domain: null, password: "x" });
  });

  it("refuses the logged-on user's session and an account without a password", () => {
    expect(decideIdentity(payload({ runAs: "Current Logged on User" }), win)).toMatchObject({
      kind: "refused",
      message: expect.stringMatching(/^Run As "Current Logged on User" is not available on this device: /),
    });
    expect(decideIdentity(payload({ runAs: "credential:2", account: { username: "u" } }), win)).toMatchObject(
      {
        kind: "refused",
      },
    );
  });

  it("starts the interpreter through a Start-Process -Credential launcher, the password only in its environment", () => {
    const launch = windowsCredentialLaunch(
      { kind: "windows-credential", username: "admin", domain: "CORP", password: 'p@ss "w0rd"' },
      "powershell.exe",
      ["-File", "C:\\Temp\\steward-job-1\\script.ps1", 'say "hi"', "trailing\\"],
      "C:\\Temp\\steward-job-1",
    );
    expect(launch.program).toBe("powershell.exe");
    expect(launch.args.slice(0, 5)).toEqual([
      "-NoProfile",
      "-NonInteractive",
      "-ExecutionPolicy",
      "Bypass",
      "-Command",
    ]);
    expect(launch.args.join(" ")).not.toContain("w0rd");
    const launcher = launch.args[5]!;
    expect(launcher).toContain("Remove-Item Env:STEWARD_RUNAS_PASSWORD");
    expect(launcher).toContain("Start-Process -FilePath $env:STEWARD_RUNAS_PROGRAM");
    expect(launcher).toContain("-Credential $credential");
    expect(launcher).toContain("exit $p.ExitCode");
    expect(launch.env).toMatchObject({
      STEWARD_RUNAS_USER: "admin",
      STEWARD_RUNAS_DOMAIN: "CORP",
      STEWARD_RUNAS_PASSWORD: 'p@ss "w0rd"',
      STEWARD_RUNAS_PROGRAM: "powershell.exe",
      STEWARD_RUNAS_OUT: "C:\\Temp\\steward-job-1",
    });
    // Each argument quoted for the Windows command line (quotes and trailing backslashes escaped).
    expect(JSON.parse(launch.env.STEWARD_RUNAS_ARGS!)).toEqual([
      '"-File"',
      '"C:\\Temp\\steward-job-1\\script.ps1"',
      '"say \\"hi\\""',
      '"trailing\\\\"',
    ]);
  });
});

describe("running as another local account on this machine", () => {
  it("runs a script as nobody when the agent is root: id -un prints nobody", async () => {
    expect(process.getuid?.()).toBe(0); // the test machine runs the suite as root
    const run = runScript(
      payload({
        body: 'id -un\nprintf "%s|%s\\n" "$HOME" "$1"\n',
        parameters: [{ name: "p", value: "a b" }],
        runAs: "credential:9",
        account: { username: "nobody" },
      }),
      () => undefined,
    );
    const result = await run.done;
    expect(result).toMatchObject({ exitCode: 0, errorMessage: null });
    expect(result.stdout.split("\n")[0]).toBe("nobody");
    expect(result.stdout).toContain(`${localSystem.lookupUser("nobody")!.home}|a b`);
  });

  it("fails the job, without running anything, when the agent is not root", async () => {
    const marker = `${os.tmpdir()}/steward-runas-${process.pid}-${Date.now()}`;
    const run = runScript(
      payload({ body: `touch ${marker}\n`, runAs: "credential:9", account: { username: "nobody" } }),
      () => undefined,
      { ...localSystem, uid: 1000, agentUser: "alice" },
    );
    const result = await run.done;
    expect(result).toMatchObject({
      exitCode: null,
      errorMessage:
        'Run As "credential:9": the agent runs as alice, not root, so it cannot run scripts as "nobody"',
    });
    expect(fs.existsSync(marker)).toBe(false);
  });
});
