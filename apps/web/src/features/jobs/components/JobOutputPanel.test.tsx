import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { json, mockFetch, renderApp } from "../../../test/render";
import { JobOutputPanel } from "./JobOutputPanel";

afterEach(() => {
  vi.unstubAllGlobals();
});

const job = (status: string, result: string | null, errorMessage: string | null = null) => ({
  resultCode: "SUCCESS",
  job: {
    jobUid: "j1",
    jobType: "ACTION",
    jobStatus: status,
    jobName: "Report",
    message: null,
    data: { message: null },
    appUserId: 1,
    content: {},
    jobResult: result,
    resultContent: { errorMessage, exitCode: result === null ? null : result === "SUCCESS" ? 0 : 2 },
    nodeId: 1,
    attempt: 1,
    delivery: "STARTED",
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    completedAt: null,
  },
});

describe("JobOutputPanel", () => {
  it("reads the output once more when the job ends, so the final output shows", async () => {
    let done = false;
    mockFetch({
      "GET /api/webapp/job/j1": () =>
        json(200, done ? job("COMPLETED", "SUCCESS") : job("START_REQUESTED", null)),
      "GET /api/webapp/job/j1/output": () =>
        json(200, {
          stdout: done ? "all done\n" : "",
          stderr: "",
          truncated: false,
          exitCode: done ? 0 : null,
        }),
    });
    renderApp(<JobOutputPanel jobUid="j1" canCancel />);
    await waitFor(() => expect(screen.getByTestId("job-status").textContent).toBe("Running"));
    // The job finishes between two polls; the output endpoint is only asked afterwards.
    done = true;
    await waitFor(() => expect(screen.getByTestId("job-status").textContent).toBe("Succeeded"), {
      timeout: 4000,
    });
    await waitFor(() => expect(screen.getByTestId("job-stdout").textContent).toContain("all done"), {
      timeout: 4000,
    });
    expect(screen.getByTestId("job-exit-code").textContent).toBe("Exit code 0");
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("shows a failed job's error text under the spec's title", async () => {
    mockFetch({
      "GET /api/webapp/job/j1": () => json(200, job("COMPLETED", "FAILURE", "exit code 2: no such file")),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "", stderr: "boom\n", truncated: true, exitCode: 2 }),
    });
    renderApp(<JobOutputPanel jobUid="j1" canCancel />);
    expect(await screen.findByText("Unable to perform this action")).toBeTruthy();
    expect(screen.getByText("exit code 2: no such file")).toBeTruthy();
    expect((await screen.findByTestId("job-stderr")).textContent).toContain("boom");
    expect(screen.getByText(/truncated/)).toBeTruthy();
  });

  it("says who cancelled a cancelled job, saved as Cancellation Request", async () => {
    mockFetch({
      "GET /api/webapp/job/j1": () =>
        json(200, {
          ...job("CANCELLED", null),
          job: {
            ...job("CANCELLED", null).job,
            jobName: "Cancellation Request",
            message: "Cancelled by Ada Lovelace",
          },
        }),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "waiting\n", stderr: "", truncated: false, exitCode: null }),
    });
    renderApp(<JobOutputPanel jobUid="j1" title="Wait" canCancel />);
    await waitFor(() => expect(screen.getByTestId("job-status").textContent).toBe("Cancelled"));
    expect(screen.getByTestId("job-cancellation").textContent).toBe(
      "Cancellation Request: Cancelled by Ada Lovelace",
    );
    expect(screen.queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("says as whom and with which preset the script ran", async () => {
    const base = job("START_REQUESTED", null).job;
    mockFetch({
      "GET /api/webapp/job/j1": () =>
        json(200, {
          resultCode: "SUCCESS",
          job: {
            ...base,
            content: { scriptId: 4, runAs: "Preferred Linux Credential" },
            presetName: "Top 10 by CPU",
          },
        }),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "", stderr: "", truncated: false, exitCode: null }),
    });
    renderApp(<JobOutputPanel jobUid="j1" canCancel />);
    expect((await screen.findByTestId("job-run-details")).textContent).toBe(
      "Run As Preferred Linux Credential · Preset Top 10 by CPU",
    );
  });
});
