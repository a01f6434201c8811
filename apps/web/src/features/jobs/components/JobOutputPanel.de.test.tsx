import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { setLocaleSettings } from "../../../i18n";
import { json, mockFetch, renderApp } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { JobOutputPanel } from "./JobOutputPanel";

afterEach(() => {
  vi.unstubAllGlobals();
});

const job = (overrides: Record<string, unknown>) => ({
  resultCode: "SUCCESS",
  job: {
    jobUid: "j1",
    jobType: "ACTION",
    jobStatus: "START_REQUESTED",
    jobName: "Report",
    message: null,
    data: { message: null },
    appUserId: 1,
    content: {},
    jobResult: null,
    resultContent: { errorMessage: null, exitCode: null },
    nodeId: 1,
    attempt: 1,
    delivery: "QUEUED",
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    completedAt: null,
    ...overrides,
  },
});

describe("job output in German", () => {
  it("says a queued job waits for its device, as whom it runs and offers to cancel, in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/webapp/job/j1": () =>
        json(200, job({ content: { runAs: "credential:4" }, presetName: "Top 10 nach CPU" })),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "", stderr: "", truncated: false, exitCode: null }),
    });
    renderApp(<JobOutputPanel jobUid="j1" canCancel />);
    expect((await screen.findByTestId("job-status")).textContent).toBe("Wartend");
    expect(screen.getByTestId("job-run-details").textContent).toBe(
      "Ausführen als gespeicherte Anmeldedaten · Voreinstellung Top 10 nach CPU",
    );
    expect(
      screen.getByText(
        "Das Gerät ist offline oder hat den Auftrag noch nicht abgeholt; er läuft, sobald das Gerät sich verbindet.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abbrechen" })).toBeTruthy();
    expect(await screen.findByText("Ausgabe")).toBeTruthy();
    expect(screen.getByLabelText("Auftrag läuft")).toBeTruthy();
    expectNoEnglish(document.body, "jobs.");
  });

  it("shows a failed job's error, exit code, errors and truncation in German", async () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({
      "GET /api/webapp/job/j1": () =>
        json(
          200,
          job({
            jobStatus: "COMPLETED",
            jobResult: "FAILURE",
            delivery: "STARTED",
            resultContent: { errorMessage: "exit code 2: no such file", exitCode: 2 },
          }),
        ),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "", stderr: "boom\n", truncated: true, exitCode: 2 }),
    });
    renderApp(<JobOutputPanel jobUid="j1" canCancel />);
    expect(await screen.findByText("Diese Aktion kann nicht ausgeführt werden")).toBeTruthy();
    expect(screen.getByTestId("job-status").textContent).toBe("Fehlgeschlagen");
    expect(screen.getByTestId("job-exit-code").textContent).toBe("Exit-Code 2");
    expect((await screen.findByTestId("job-stderr")).textContent).toContain("boom");
    expect(screen.getByText("Fehler")).toBeTruthy();
    expect(
      screen.getByText("Die Ausgabe war länger als die Größenbeschränkung und wurde gekürzt."),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Abbrechen" })).toBeNull();
    expectNoEnglish(document.body, "jobs.");
  });
});
