import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cancelGoesThroughAgent,
  scriptFitsDevice,
  scriptOsMismatchMessage,
  isTerminal,
  JOB_TYPES,
  jobStateProblems,
  transition,
  type JobEvent,
  type JobState,
} from "./jobs.js";

const start = (jobType: JobState["jobType"], content?: JobState["content"]): JobState => ({
  jobType,
  content: content ?? null,
  jobStatus: "START_REQUESTED",
  jobResult: null,
  attempt: 1,
});

describe("cancelling", () => {
  it("backup, backup-by-provider, remote and file/folder and disk-image restore jobs go to CANCEL_REQUESTED", () => {
    const viaAgent: JobState[] = [
      start("LOCKHART", { actionType: "LOCKHART_BACKUP" }),
      start("BACKUP_PROVIDER_BACKUP"),
      start("REMOTE_CONNECT"),
      start("LOCKHART", { actionType: "LOCKHART_RESTORE", restoreType: "FILE_FOLDER" }),
      start("LOCKHART", { actionType: "LOCKHART_RESTORE", restoreType: "PHYSICAL_DISK" }),
      start("LOCKHART", { actionType: "LOCKHART_RESTORE", restoreType: "VIRTUAL_DISK" }),
      start("BACKUP_PROVIDER_RESTORE", { restoreType: "FILE" }),
    ];
    for (const job of viaAgent) {
      const t = transition(job, { kind: "cancel" });
      expect(t.ok && t.next.jobStatus, JSON.stringify(job)).toBe("CANCEL_REQUESTED");
    }
  });

  it("every other job goes straight to CANCELLED", () => {
    const direct = [
      "ACTION",
      "ACTIONSET",
      "CONDITION",
      "PATCH_MANAGEMENT",
      "REBOOT_ACTION",
      "MDM",
      "NETWORK_DISCOVERY",
    ] as const;
    for (const type of direct) {
      const t = transition(start(type), { kind: "cancel" });
      expect(t.ok && t.next.jobStatus, type).toBe("CANCELLED");
    }
    for (const action of ["LOCKHART_UPSYNC", "LOCKHART_INTEGRITY_CHECK"]) {
      const t = transition(start("LOCKHART", { actionType: action }), { kind: "cancel" });
      expect(t.ok && t.next.jobStatus, action).toBe("CANCELLED");
    }
  });

  it("a finished job cannot be cancelled; a stale attempt never completes a newer one", () => {
    const done = transition(start("ACTION"), { kind: "complete", attempt: 1, result: "SUCCESS" });
    expect(done.ok).toBe(true);
    if (!done.ok) return;
    expect(transition(done.next, { kind: "cancel" }).ok).toBe(false);
    const retried = transition(done.next, { kind: "retry" });
    expect(retried.ok && retried.next.attempt).toBe(2);
    if (!retried.ok) return;
    expect(transition(retried.next, { kind: "complete", attempt: 1, result: "FAILURE" })).toEqual({
      ok: false,
      reason: "stale attempt",
    });
  });
});

describe("job state machine (property)", () => {
  const jobTypeArb = fc.constantFrom(...JOB_TYPES);
  const contentArb = fc.option(
    fc.record({
      actionType: fc.constantFrom(
        "LOCKHART_BACKUP",
        "LOCKHART_RESTORE",
        "LOCKHART_UPSYNC",
        "LOCKHART_INTEGRITY_CHECK",
      ),
      restoreType: fc.constantFrom(
        "FILE",
        "BATCH",
        "EXTRACT",
        "VIRTUAL_DISK",
        "PHYSICAL_DISK",
        "FILE_FOLDER",
      ),
    }),
    { nil: null },
  );
  const eventArb: fc.Arbitrary<JobEvent> = fc.oneof(
    fc.constant({ kind: "cancel" as const }),
    fc.constant({ kind: "retry" as const }),
    fc.record({ kind: fc.constant("cancelled-by-agent" as const), attempt: fc.integer({ min: 0, max: 4 }) }),
    fc.record({
      kind: fc.constant("complete" as const),
      attempt: fc.integer({ min: 0, max: 4 }),
      result: fc.constantFrom("SUCCESS" as const, "FAILURE" as const),
    }),
  );

  it("generated operation sequences never reach an illegal state, and terminal states only leave by retry", () => {
    fc.assert(
      fc.property(
        jobTypeArb,
        contentArb,
        fc.array(eventArb, { maxLength: 30 }),
        (jobType, content, events) => {
          let state = start(jobType, content);
          for (const event of events) {
            const t = transition(state, event);
            if (!t.ok) continue;
            if (isTerminal(state.jobStatus)) expect(event.kind).toBe("retry");
            if (t.next.attempt !== state.attempt) expect(event.kind).toBe("retry");
            state = t.next;
            expect(jobStateProblems(state)).toEqual([]);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("cancel is decided by the job alone", () => {
    fc.assert(
      fc.property(jobTypeArb, contentArb, (jobType, content) => {
        const t = transition(start(jobType, content), { kind: "cancel" });
        return (
          t.ok &&
          t.next.jobStatus ===
            (cancelGoesThroughAgent({ jobType, content }) ? "CANCEL_REQUESTED" : "CANCELLED")
        );
      }),
    );
  });
});

describe("a library script's target OS", () => {
  it("fits its own OS, and ANY (or no OS) fits every device", () => {
    expect(scriptFitsDevice("LINUX", "LINUX")).toBe(true);
    expect(scriptFitsDevice("LINUX", "WINDOWS")).toBe(false);
    expect(scriptFitsDevice("MAC", "OTHER")).toBe(false);
    expect(scriptFitsDevice("ANY", "OTHER")).toBe(true);
    expect(scriptFitsDevice(undefined, "MAC")).toBe(true);
  });

  it("names the script's OS and the first three devices that run another one", () => {
    expect(scriptOsMismatchMessage("Defrag", "WINDOWS", [{ name: "db-1", os: "LINUX" }])).toBe(
      'The script "Defrag" is written for Windows, but this device runs another operating system: db-1 (Linux)',
    );
    const five = ["a", "b", "c", "d", "e"].map((name) => ({ name, os: "OTHER" }));
    expect(scriptOsMismatchMessage("Mac only", "MAC", five)).toBe(
      'The script "Mac only" is written for macOS, but 5 devices run another operating system: a (Other), b (Other), c (Other) and 2 more',
    );
  });
});
