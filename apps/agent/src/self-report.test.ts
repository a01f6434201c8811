import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { ErrorLog, selfReport, serviceManager } from "./self-report.js";

describe("the agent's report about itself", () => {
  it("names the service manager that started it from what each one puts in the environment", () => {
    expect(serviceManager({ INVOCATION_ID: "abc" }, "linux")).toBe("systemd");
    expect(serviceManager({}, "linux")).toBe("none");
    expect(serviceManager({ XPC_SERVICE_NAME: "com.steward.agent" }, "darwin")).toBe("launchd");
    expect(serviceManager({ XPC_SERVICE_NAME: "0" }, "darwin")).toBe("none");
    expect(serviceManager({}, "win32")).toBe("windows");
    expect(serviceManager({ SESSIONNAME: "Console" }, "win32")).toBe("none");
  });

  it("carries the launcher's install folder and its recent errors, and fits the hello's contract", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-self-report-"));
    const errors = new ErrorLog(dir);
    errors.record("could not reach the server", new Date("2026-01-01T00:00:00Z"));
    const report = selfReport(errors, { STEWARD_AGENT_INSTALL_DIR: "/opt/steward", INVOCATION_ID: "x" });
    expect(report.installDir).toBe("/opt/steward");
    expect(report.lastErrors).toEqual([
      { at: "2026-01-01T00:00:00.000Z", message: "could not reach the server" },
    ]);
    expect(proto.agentSelfReport.parse(report)).toEqual(report);
    // Started without the launcher: no install folder, so no self-update.
    expect(selfReport(new ErrorLog(dir), {}).installDir).toBeUndefined();
    // The errors survive a restart.
    expect(new ErrorLog(dir).list()).toHaveLength(1);
  });
});
