import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import type { JobView } from "@steward/contracts";
import { setLocaleSettings } from "../../i18n";
import { json, mockFetch, renderApp } from "../../test/render";
import {
  JobFlowError,
  runConfigurationJob,
  submitJobs,
  waitForConfigurationJob,
  wakeDevice,
} from "./job-flow";
import { MAX_POLLS } from "./messages";

function aJob(overrides: Partial<JobView> = {}): JobView {
  return {
    jobUid: "u1",
    jobType: "ACTION",
    jobStatus: "START_REQUESTED",
    jobName: "Run script",
    message: null,
    data: { message: null },
    appUserId: 1,
    content: {},
    jobResult: null,
    resultContent: { errorMessage: null },
    nodeId: 5,
    attempt: 1,
    delivery: "SENT",
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    completedAt: null,
    ...overrides,
  };
}

const completed = (result: "SUCCESS" | "FAILURE", errorMessage: string | null = null) =>
  aJob({ jobStatus: "COMPLETED", jobResult: result, resultContent: { errorMessage } });

/** Lets pending promises and React updates run, then moves fake time on. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Settles a flow's promise so a rejection is not reported as unhandled before the test reads it. */
function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  );
  return state;
}

const progress = () => screen.queryByText("Waiting for the device");

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  renderApp(<div />);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("configuration job wait", () => {
  it("polls GET /api/webapp/job/{jobUid} every second; SUCCESS removes the progress indicator and resolves", async () => {
    const answers = [aJob(), aJob(), completed("SUCCESS")];
    const fetchMock = mockFetch({
      "GET /api/webapp/job/u1": () => json(200, { resultCode: "SUCCESS", job: answers.shift() }),
    });
    const flow = track(waitForConfigurationJob("u1"));
    await tick(0);
    expect(progress()).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(0);
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await tick(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await tick(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(flow.done).toBe(true);
    expect(flow.value?.jobResult).toBe("SUCCESS");
    await tick(500);
    expect(progress()).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it('COMPLETED with failure shows "Unable to perform this action" with the device\'s error text and rejects on OK', async () => {
    mockFetch({
      "GET /api/webapp/job/u1": () =>
        json(200, { resultCode: "SUCCESS", job: completed("FAILURE", "exit code 3: disk is full") }),
    });
    const flow = track(waitForConfigurationJob("u1"));
    await tick(1000);
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("Unable to perform this action");
    expect(dialog.textContent).toContain("exit code 3: disk is full");
    expect(flow.done).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect(flow.done).toBe(true);
    expect(flow.error).toBeInstanceOf(JobFlowError);
    expect((flow.error as JobFlowError).reason).toBe("failed");
  });

  it(`shows "Did not receive a response from the device" after ${MAX_POLLS} polls without completion`, async () => {
    const fetchMock = mockFetch({
      "GET /api/webapp/job/u1": () => json(200, { resultCode: "SUCCESS", job: aJob() }),
    });
    const flow = track(waitForConfigurationJob("u1"));
    await tick(1000 * (MAX_POLLS - 1));
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLLS - 1);
    expect(screen.queryByText("Did not receive a response from the device")).toBeNull();
    await tick(1000);
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLLS);
    expect(screen.getByText("Did not receive a response from the device")).toBeTruthy();
    await tick(5000);
    expect(fetchMock).toHaveBeenCalledTimes(MAX_POLLS);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect((flow.error as JobFlowError).reason).toBe("timeout");
  });

  it('a failing poll shows "There was a problem completing the request you made" and stops polling', async () => {
    const fetchMock = mockFetch({
      "GET /api/webapp/job/u1": () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }),
    });
    const flow = track(waitForConfigurationJob("u1"));
    await tick(1000);
    expect(screen.getByText("There was a problem completing the request you made")).toBeTruthy();
    await tick(3000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect((flow.error as JobFlowError).reason).toBe("poll");
  });
});

describe("job submit", () => {
  const body = { nodes: [{ nodeId: 5, jobs: [{ jobType: "ACTION", content: {} }] }] };

  it('shows "Error creating/updating jobs" when the save fails', async () => {
    mockFetch({
      "POST /api/webapp/submit/job": () =>
        json(400, { code: "E_VALIDATION", message: "bad", requestId: "r" }),
    });
    const flow = track(submitJobs(body));
    await tick(0);
    await tick(0);
    expect(screen.getByText("Error creating/updating jobs")).toBeTruthy();
    expect((flow.error as JobFlowError).reason).toBe("submit");
  });

  it("is silent when the failure is a devices-cache-expired error", async () => {
    mockFetch({
      "POST /api/webapp/submit/job": () =>
        json(409, {
          code: "E_DEVICES_CACHE_EXPIRED",
          message: "expired",
          requestId: "r",
          resultCode: "DEVICES_CACHE_EXPIRED",
        }),
    });
    const flow = track(submitJobs(body));
    await tick(0);
    await tick(0);
    expect(screen.queryByText("Error creating/updating jobs")).toBeNull();
    expect((flow.error as JobFlowError).reason).toBe("submit");
  });

  it("accepts a success given by status alone", async () => {
    mockFetch({ "POST /api/webapp/submit/job": () => json(200, { status: "SUCCESS", jobs: [] }) });
    const flow = track(submitJobs(body));
    await tick(0);
    await tick(0);
    expect(flow.error).toBeUndefined();
    expect(flow.done).toBe(true);
  });
});

describe("wake-on-LAN before a job", () => {
  it("wakes first, then shows an info dialog, then submits and waits", async () => {
    const order: string[] = [];
    mockFetch({
      "GET /api/node/5/wakeup": () => {
        order.push("wakeup");
        return json(200, { resultCode: "SUCCESS" });
      },
      "POST /api/webapp/submit/job": () => {
        order.push("submit");
        return json(200, {
          resultCode: "SUCCESS",
          status: "SUCCESS",
          jobs: [{ jobUid: "u1", nodeId: 5, jobType: "ACTION" }],
        });
      },
      "GET /api/webapp/job/u1": () => json(200, { resultCode: "SUCCESS", job: completed("SUCCESS") }),
    });
    const flow = track(runConfigurationJob(5, { jobType: "ACTION", content: {} }, { wakeFirst: true }));
    await tick(0);
    expect(screen.getByRole("dialog").textContent).toContain("Wake-on-LAN sent");
    expect(order).toEqual(["wakeup"]);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect(order).toEqual(["wakeup", "submit"]);
    await tick(1000);
    expect(flow.value?.jobResult).toBe("SUCCESS");
  });

  it("500 with NO_USABLE_MAC_ADRESSES shows the unsuccessful dialog with the BIOS and network-adapter note", async () => {
    mockFetch({
      "GET /api/node/5/wakeup": () =>
        json(500, {
          code: "E_INTERNAL",
          message: "no relay",
          requestId: "r",
          resultCode: "NO_USABLE_MAC_ADRESSES",
        }),
    });
    const flow = track(wakeDevice(5));
    await tick(0);
    const dialog = screen.getByRole("dialog");
    expect(dialog.textContent).toContain("No devices are online that can wake up the device");
    expect(dialog.textContent).toMatch(/BIOS and network-adapter settings/);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect(flow.value).toBe("unusable");
  });

  it('any other failure shows "Error sending wake-on-lan" and stops before the job', async () => {
    const submit = vi.fn(() => json(200, { resultCode: "SUCCESS", jobs: [] }));
    mockFetch({
      "GET /api/node/5/wakeup": () =>
        json(404, { code: "E_DEVICE_NOT_FOUND", message: "gone", requestId: "r" }),
      "POST /api/webapp/submit/job": submit,
    });
    const flow = track(runConfigurationJob(5, { jobType: "ACTION", content: {} }, { wakeFirst: true }));
    await tick(0);
    expect(screen.getByText("Error sending wake-on-lan")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect((flow.error as JobFlowError).reason).toBe("wake");
    expect(submit).not.toHaveBeenCalled();
  });
});

describe("job flows in German", () => {
  it("waits, then says in German that the device did not answer", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/webapp/job/u1": () => json(200, { resultCode: "SUCCESS", job: aJob() }),
    });
    const flow = track(waitForConfigurationJob("u1"));
    await tick(0);
    expect(screen.getByText("Warten auf das Gerät")).toBeTruthy();
    expect(screen.getByText("Das Gerät arbeitet daran…")).toBeTruthy();
    await tick(MAX_POLLS * 1000);
    expect(screen.getByText("Keine Antwort")).toBeTruthy();
    expect(screen.getByText("Keine Antwort vom Gerät erhalten")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    await tick(0);
    expect((flow.error as JobFlowError).reason).toBe("timeout");
  });

  it("says in German that the jobs could not be created", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "POST /api/webapp/submit/job": () => json(200, { resultCode: "FAILURE", jobs: [] }),
    });
    const flow = track(submitJobs({ nodes: [{ nodeId: 5, jobs: [{ jobType: "ACTION", content: {} }] }] }));
    await tick(0);
    await tick(0);
    expect(screen.getAllByText("Fehler beim Erstellen/Aktualisieren von Aufträgen").length).toBeGreaterThan(
      0,
    );
    expect(screen.queryByText("Error creating/updating jobs")).toBeNull();
    expect((flow.error as JobFlowError).reason).toBe("submit");
  });
});

describe("job constants", () => {
  it("polls every 1 s and gives up after 31 polls", async () => {
    const { MAX_POLLS: max, POLL_INTERVAL_MS: interval } = await import("./messages");
    expect(max).toBe(31);
    expect(interval).toBe(1000);
  });
});
