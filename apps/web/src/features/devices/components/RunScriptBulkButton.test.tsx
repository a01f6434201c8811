import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DEVICES_CACHE_EXPIRED, DEVICES_CACHE_EXPIRED_MESSAGE, type ScriptDetail } from "@steward/contracts";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { emptyFilters } from "../grid/grid-state";
import { RunScriptBulkButton } from "./RunScriptBulkButton";

afterEach(() => {
  vi.unstubAllGlobals();
});

const script: ScriptDetail = {
  id: 3,
  name: "Clean temp",
  description: "Removes old files",
  language: "bash",
  os: "LINUX",
  architecture: "ALL",
  timeoutSeconds: 300,
  parameters: [
    { name: "days", label: "Days", type: "number", required: false, defaultValue: "7", description: "" },
  ],
  presets: [{ name: "Aggressive", values: { days: "1" } }],
  templateId: null,
  createdBy: null,
  updatedBy: null,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
  body: "echo hi",
};

function renderButton(handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({
    "GET /api/scripts": () => json(200, { items: [script], total: 1, page: 1, pageSize: 500 }),
    "GET /api/scripts/3": () => json(200, script),
    "GET /api/script-templates": () => json(200, { items: [] }),
    ...handlers,
  });
  const filters = { ...emptyFilters(), os: ["LINUX" as const] };
  const result = renderApp(
    <RunScriptBulkButton
      target={{ criteria: { osFamilies: ["LINUX"] } }}
      count={1200}
      filters={filters}
      onDone={() => undefined}
    />,
  );
  signIn(result.queryClient, authenticatedSession());
  return { fetchMock, user: userEvent.setup() };
}

async function runWithPreset(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Run script" }));
  await user.click(await screen.findByRole("textbox", { name: "Script" }));
  await user.click(await screen.findByRole("option", { name: /Clean temp/ }));
  await user.click(await screen.findByRole("textbox", { name: "Preset parameters" }));
  await user.click(await screen.findByRole("option", { name: "Aggressive" }));
  const dialog = await screen.findByRole("dialog");
  const buttons = dialog.querySelectorAll("button");
  const run = [...buttons].find((b) => b.textContent === "Run script")!;
  await user.click(run);
}

describe("the grid's bulk Run script", () => {
  it("queues through the RUN_SCRIPT action of execute-action over the search, never one submit per device", async () => {
    let action: unknown;
    const { fetchMock, user } = renderButton({
      "POST /api/search/runner/execute-action": ({ body }) => {
        action = body;
        return json(200, {
          resultCode: "SUCCESS",
          action: "RUN_SCRIPT",
          matched: 1200,
          count: 2,
          jobs: [
            { jobUid: "j1", nodeId: 11, jobType: "ACTION" },
            { jobUid: "j2", nodeId: 12, jobType: "ACTION" },
          ],
        });
      },
    });
    await runWithPreset(user);
    await waitFor(() =>
      expect(action).toEqual({
        action: "RUN_SCRIPT",
        data: {
          criteria: { osFamilies: ["LINUX"] },
          scriptId: 3,
          presetName: "Aggressive",
          parameters: [{ name: "days", value: "1" }],
          runAs: "System",
          timeoutSeconds: 300,
          jobName: "Clean temp",
        },
      }),
    );
    expect(await screen.findByText(/was sent to 2 devices/)).toBeTruthy();
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), "http://localhost").pathname);
    expect(paths).not.toContain("/api/webapp/submit/job");
    expect(paths).not.toContain("/api/devices");
  });

  it('shows "Error creating/updating jobs" with the text from the server when the action is refused', async () => {
    const answer = json(400, {
      code: "E_SCRIPT_OS_MISMATCH",
      message:
        'The script "Clean temp" is written for Linux, but this device runs another operating system: pc (Windows)',
      requestId: "r",
    });
    const { user } = renderButton({ "POST /api/search/runner/execute-action": () => answer });
    await runWithPreset(user);
    expect(await screen.findByText("Error creating/updating jobs")).toBeTruthy();
    expect(
      await screen.findByText(/is written for Linux, but this device runs another operating system/),
    ).toBeTruthy();
  });

  it("keeps quiet for the server's devices-cache-expired answer", async () => {
    let calls = 0;
    const { user } = renderButton({
      "POST /api/search/runner/execute-action": () => {
        calls += 1;
        return json(409, {
          code: "E_DEVICES_CACHE_EXPIRED",
          message: DEVICES_CACHE_EXPIRED_MESSAGE,
          requestId: "r",
          resultCode: DEVICES_CACHE_EXPIRED,
        });
      },
    });
    await runWithPreset(user);
    await waitFor(() => expect(calls).toBe(1));
    // The form is idle again (the flow finished) and the dialog stays open for another try.
    const dialog = await screen.findByRole("dialog");
    await waitFor(() =>
      expect(
        [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Run script"),
      ).toHaveProperty("disabled", false),
    );
    await waitFor(() =>
      expect(
        [...dialog.querySelectorAll("button")].find((b) => b.textContent === "Run script")?.dataset.loading,
      ).toBeUndefined(),
    );
    expect(screen.queryByText("Error creating/updating jobs")).toBeNull();
    expect(screen.queryByText(DEVICES_CACHE_EXPIRED_MESSAGE)).toBeNull();
  });
});
