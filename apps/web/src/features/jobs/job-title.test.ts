import { describe, expect, it } from "vitest";
import { jobScriptName } from "./job-title";

describe("jobScriptName", () => {
  it("names the script of a job saved as a Cancellation Request", () => {
    expect(
      jobScriptName({ jobName: "Cancellation Request", content: { script: { name: "Restart spooler" } } }),
    ).toBe("Restart spooler");
  });

  it("says nothing when the job name already is the script's, or the job runs no script", () => {
    expect(
      jobScriptName({ jobName: "Restart spooler", content: { script: { name: "Restart spooler" } } }),
    ).toBe(null);
    expect(jobScriptName({ jobName: "Wake-on-LAN", content: {} })).toBe(null);
    expect(jobScriptName({ jobName: "x", content: { script: { name: 42 } } })).toBe(null);
  });
});
