import { describe, expect, it } from "vitest";
import type { ScriptDetail, ScriptTemplate } from "@steward/contracts";
import { buildScriptJob } from "./script-choice";

const parameters = [
  { name: "count", label: "How many", type: "number", required: true, defaultValue: "15" },
] as ScriptTemplate["parameters"];
const settings = { presetName: "Top 10", runAs: "System", timeoutSeconds: 60, values: { count: "10" } };

describe("buildScriptJob", () => {
  it("runs a template by its id with the chosen preset, so the job keeps the preset's name", () => {
    const template = { id: "linux-top", name: "Top", parameters, presets: [] } as unknown as ScriptTemplate;
    expect(buildScriptJob({ kind: "template", script: template }, settings)).toEqual({
      jobType: "ACTION",
      jobName: "Top",
      content: {
        templateId: "linux-top",
        parameters: [{ name: "count", value: "10" }],
        runAs: "System",
        timeoutSeconds: 60,
        presetName: "Top 10",
      },
    });
  });

  it("runs a library script by its id; no preset chosen sends none", () => {
    const script = { id: 7, name: "Lib", parameters, presets: [] } as unknown as ScriptDetail;
    const job = buildScriptJob({ kind: "library", script }, { ...settings, presetName: null });
    expect(job.content).toEqual({
      scriptId: 7,
      parameters: [{ name: "count", value: "10" }],
      runAs: "System",
      timeoutSeconds: 60,
    });
  });
});
