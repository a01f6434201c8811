import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { uninstallAgentHandler, uninstallPlan, type UninstallEnvironment } from "./uninstall-agent.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const ctx = {
  agentId: 1,
  jobUid: "u",
  attempt: 1,
  dataDir: "/nonexistent",
  output: () => undefined,
  openSecret: () => "",
  cancelJob: () => undefined,
  log: () => undefined,
};

describe("uninstall-agent", () => {
  it("Linux: a temp install (unit, program folder, data folder) is gone afterwards; the unit is disabled before and the service stopped after the report", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "steward-uninstall-"));
    dirs.push(root);
    const unit = path.join(root, "etc/systemd/system/steward-agent.service");
    const installDir = path.join(root, "opt/steward-agent");
    const dataDir = path.join(root, "var/lib/steward-agent");
    for (const f of [
      unit,
      path.join(installDir, "versions/1.0.0/steward-agent"),
      path.join(dataDir, "agent.json"),
    ]) {
      fs.mkdirSync(path.dirname(f), { recursive: true });
      fs.writeFileSync(f, "x");
    }
    const ran: string[][] = [];
    let exited = false;
    const env: UninstallEnvironment = {
      platform: "linux",
      paths: { dataDir, installDir, serviceFile: unit },
      run: (file, args) => {
        ran.push([file, ...args]);
        return Promise.resolve({ code: 0, stdout: "", stderr: "" });
      },
      has: (p) => p === "systemctl",
      exit: () => {
        exited = true;
      },
      graceMs: 10,
    };
    const r = await uninstallAgentHandler(env).run({}, ctx).done;
    expect(r?.errorMessage).toBeNull();
    expect(r?.data).toEqual({ removed: [unit, installDir, dataDir] });
    expect(fs.existsSync(unit)).toBe(false);
    expect(fs.existsSync(installDir)).toBe(false);
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(path.join(root, "opt"))).toEqual([]);
    expect(ran).toEqual([["systemctl", "disable", "steward-agent.service"]]);
    await new Promise((res) => setTimeout(res, 50));
    expect(ran.slice(1)).toEqual([
      ["systemctl", "daemon-reload"],
      ["systemctl", "stop", "--no-block", "steward-agent.service"],
    ]);
    expect(exited).toBe(true);
  });

  it("Windows: the service is disabled, then a detached cmd deletes it and the folders once it stopped", () => {
    const plan = uninstallPlan("win32", {
      dataDir: "C:\\ProgramData\\Steward\\Agent",
      installDir: "C:\\Program Files\\Steward\\Agent",
      serviceFile: null,
    });
    expect(plan.before).toEqual([["sc.exe", "config", "StewardAgent", "start=", "disabled"]]);
    expect(plan.after[0]).toEqual([
      "cmd.exe",
      "/c",
      'timeout /t 5 /nobreak >nul & sc.exe delete StewardAgent & rmdir /s /q "C:\\Program Files\\Steward\\Agent" & rmdir /s /q "C:\\ProgramData\\Steward\\Agent"',
    ]);
    expect(plan.after[1]).toEqual(["sc.exe", "stop", "StewardAgent"]);
  });

  it("macOS: the launchd plist and folders are removed, then the daemon is booted out", () => {
    const plan = uninstallPlan("darwin", {
      dataDir: "/Library/Application Support/Steward/Agent",
      installDir: null,
      serviceFile: null,
    });
    expect(plan.remove).toEqual([
      "/Library/LaunchDaemons/com.steward.agent.plist",
      "/Library/Application Support/Steward/Agent",
    ]);
    expect(plan.after).toEqual([["launchctl", "bootout", "system/com.steward.agent"]]);
  });
});
