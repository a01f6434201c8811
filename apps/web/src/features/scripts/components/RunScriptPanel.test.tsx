import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CredentialView, ScriptDetail } from "@steward/contracts";
import type { RunAsOs } from "@steward/domain";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { FanOutProgress } from "./FanOutProgress";
import { RunScriptPanel } from "./RunScriptPanel";

afterEach(() => {
  vi.unstubAllGlobals();
});

function aScript(overrides: Partial<ScriptDetail> = {}): ScriptDetail {
  return {
    id: 3,
    name: "Clean temp",
    description: "Removes old files",
    language: "bash",
    os: "LINUX",
    architecture: "ALL",
    timeoutSeconds: 300,
    parameters: [
      { name: "path", label: "Path", type: "text", required: true, defaultValue: "/tmp", description: "" },
      { name: "days", label: "Days", type: "number", required: false, defaultValue: "7", description: "" },
    ],
    presets: [{ name: "Aggressive", values: { days: "1" } }],
    templateId: null,
    createdBy: null,
    updatedBy: null,
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    body: "echo hi",
    ...overrides,
  };
}

function aCredential(overrides: Partial<CredentialView>): CredentialView {
  return {
    id: 1,
    organizationId: 1,
    name: "cred",
    type: "LINUX",
    username: "root",
    description: "",
    preferred: false,
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    ...overrides,
  };
}

const credentials = [
  aCredential({ id: 1, name: "Ops Linux", type: "LINUX", username: "ops" }),
  aCredential({ id: 2, name: "Local admin", type: "WINDOWS_LOCAL_ADMIN", username: "admin" }),
  aCredential({ id: 3, name: "Mac admin", type: "MAC", username: "mac" }),
];

function renderPanel(os: RunAsOs, handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/scripts": () => json(200, { items: [aScript()], total: 1, page: 1, pageSize: 500 }),
    "GET /api/scripts/3": () => json(200, aScript()),
    "GET /api/script-templates": () => json(200, { items: [] }),
    "GET /api/credential/organization/1/list": () => json(200, { resultCode: "SUCCESS", credentials }),
    ...handlers,
  });
  const result = renderApp(<RunScriptPanel deviceId={42} os={os} organizationId={1} offline={false} />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

async function chooseScript(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("textbox", { name: "Script" }));
  await user.click(await screen.findByRole("option", { name: /Clean temp/ }));
  await screen.findByLabelText(/^Path/);
}

async function runAsOptions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("textbox", { name: "Run As" }));
  const listbox = await screen.findByRole("listbox");
  return within(listbox)
    .getAllByRole("option")
    .map((o) => o.textContent);
}

describe("Run As and preset-parameter selector", () => {
  it.each([
    [
      "WINDOWS",
      [
        "System",
        "Current Logged on User",
        "Preferred Windows Local Admin",
        "Preferred Windows Domain Admin",
        "Local admin (admin)",
      ],
    ],
    ["MAC", ["System", "Preferred Mac Credential", "Mac admin (mac)"]],
    ["LINUX", ["System", "Preferred Linux Credential", "Ops Linux (ops)"]],
  ] as const)(
    "offers the spec's choices on %s plus the organization's fitting credentials",
    async (os, expected) => {
      const { user } = renderPanel(os);
      await chooseScript(user);
      await waitFor(async () => expect(await runAsOptions(user)).toEqual(expected));
    },
  );

  it('shows "Error loading credentials" and offers the built-in choices only when the list fails', async () => {
    const { user } = renderPanel("LINUX", {
      "GET /api/credential/organization/1/list": () =>
        json(500, { code: "E_INTERNAL", message: "x", requestId: "r" }),
    });
    await chooseScript(user);
    expect(await screen.findByText("Error loading credentials")).toBeTruthy();
    expect(await runAsOptions(user)).toEqual(["System", "Preferred Linux Credential"]);
  });

  it('treats an answer without resultCode "SUCCESS" as a failure', async () => {
    const { user } = renderPanel("LINUX", {
      "GET /api/credential/organization/1/list": () => json(200, { resultCode: "FAILURE", credentials }),
    });
    await chooseScript(user);
    expect(await screen.findByText("Error loading credentials")).toBeTruthy();
  });

  it("strips & | ; $ > < ` ! from parameters as the user types, fills presets and checks types", async () => {
    const { user } = renderPanel("LINUX");
    await chooseScript(user);
    const path = screen.getByLabelText(/^Path/) as HTMLInputElement;
    await user.clear(path);
    await user.type(path, "a&|;$><`!b 'c");
    expect(path.value).toBe("ab 'c");

    await user.click(screen.getByRole("textbox", { name: "Preset parameters" }));
    await user.click(await screen.findByRole("option", { name: "Aggressive" }));
    expect((screen.getByLabelText(/^Days/) as HTMLInputElement).value).toBe("1");

    await user.clear(screen.getByLabelText(/^Days/));
    await user.type(screen.getByLabelText(/^Days/), "1e3");
    await user.click(screen.getByRole("button", { name: "Run script" }));
    expect(await screen.findByText("Must not be in scientific notation")).toBeTruthy();
  });

  it("submits one ACTION job, then shows the live output with a Cancel button", async () => {
    let submitted: unknown;
    let cancelled = false;
    const { user } = renderPanel("LINUX", {
      "POST /api/webapp/submit/job": ({ body }) => {
        submitted = body;
        return json(200, {
          resultCode: "SUCCESS",
          status: "SUCCESS",
          jobs: [{ jobUid: "j1", nodeId: 42, jobType: "ACTION" }],
        });
      },
      "GET /api/webapp/job/j1": () =>
        json(200, {
          resultCode: "SUCCESS",
          job: {
            jobUid: "j1",
            jobType: "ACTION",
            jobStatus: cancelled ? "CANCELLED" : "START_REQUESTED",
            jobName: "Clean temp",
            message: null,
            data: { message: null },
            appUserId: 1,
            content: {},
            jobResult: null,
            resultContent: { errorMessage: null },
            nodeId: 42,
            attempt: 1,
            delivery: "STARTED",
            createdAt: "2025-11-22T09:00:00.000Z",
            updatedAt: "2025-11-22T09:00:00.000Z",
            completedAt: null,
          },
        }),
      "GET /api/webapp/job/j1/output": () =>
        json(200, { stdout: "removed 12 files\n", stderr: "", truncated: false, exitCode: null }),
      "POST /api/webapp/job/j1/cancel": () => {
        cancelled = true;
        return json(200, { resultCode: "SUCCESS", job: { jobStatus: "CANCELLED" } });
      },
    });
    await chooseScript(user);
    await user.click(screen.getByRole("textbox", { name: "Run As" }));
    await user.click(await screen.findByRole("option", { name: "Ops Linux (ops)" }));
    await user.click(screen.getByRole("button", { name: "Run script" }));

    await waitFor(() =>
      expect(submitted).toEqual({
        nodes: [
          {
            nodeId: 42,
            jobs: [
              {
                jobType: "ACTION",
                jobName: "Clean temp",
                content: {
                  scriptId: 3,
                  parameters: [
                    { name: "path", value: "/tmp" },
                    { name: "days", value: "7" },
                  ],
                  runAs: "credential:1",
                  timeoutSeconds: 300,
                },
              },
            ],
          },
        ],
      }),
    );
    expect((await screen.findByTestId("job-stdout")).textContent).toContain("removed 12 files");
    await waitFor(() => expect(screen.getByTestId("job-status").textContent).toBe("Running"));
    await user.click(await screen.findByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(cancelled).toBe(true));
  });
});

describe("running a script in German", () => {
  it("names the choices in German, checks the values with German messages and keeps the Run As values", async () => {
    setLocaleSettings({ locale: "de" });
    let submitted: unknown;
    const { user } = renderPanel("WINDOWS", {
      "GET /api/scripts": () =>
        json(200, { items: [aScript({ os: "ANY" })], total: 1, page: 1, pageSize: 500 }),
      "GET /api/scripts/3": () => json(200, aScript({ os: "ANY" })),
      "POST /api/webapp/submit/job": ({ body }) => {
        submitted = body;
        return json(500, { code: "E_INTERNAL", message: "x", requestId: "r" });
      },
    });
    await user.click(await screen.findByRole("textbox", { name: "Skript" }));
    expect(await screen.findByRole("option", { name: "Clean temp (Bash, Jedes OS)" })).toBeTruthy();
    await user.click(screen.getByRole("option", { name: "Clean temp (Bash, Jedes OS)" }));
    await screen.findByLabelText(/^Path/);
    await user.click(screen.getByRole("textbox", { name: "Ausführen als" }));
    const listbox = await screen.findByRole("listbox");
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual([
        "System",
        "Angemeldeter Benutzer",
        "Bevorzugter lokaler Windows-Admin",
        "Bevorzugter Windows-Domänen-Admin",
        "Local admin (admin)",
      ]),
    );
    await user.click(within(listbox).getByRole("option", { name: "Bevorzugter lokaler Windows-Admin" }));
    expect(
      (screen.getByRole("textbox", { name: "Voreingestellte Parameter" }) as HTMLInputElement).value,
    ).toBe("Standardwerte");

    await user.clear(screen.getByLabelText(/^Days/));
    await user.type(screen.getByLabelText(/^Days/), "1e3");
    await user.clear(screen.getByRole("textbox", { name: "Zeitlimit (Sekunden)" }));
    await user.click(screen.getByRole("button", { name: "Skript ausführen" }));
    expect(
      await screen.findByText("Darf nicht in wissenschaftlicher Schreibweise angegeben werden"),
    ).toBeTruthy();
    expect(screen.getByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toBeTruthy();
    expect(submitted).toBeUndefined();

    // After a failed run, a corrected value loses its message as it is typed.
    await user.clear(screen.getByLabelText(/^Days/));
    await user.type(screen.getByLabelText(/^Days/), "3");
    expect(screen.queryByText("Darf nicht in wissenschaftlicher Schreibweise angegeben werden")).toBeNull();
    await user.type(screen.getByRole("textbox", { name: "Zeitlimit (Sekunden)" }), "90");
    await user.click(screen.getByRole("button", { name: "Skript ausführen" }));
    await waitFor(() =>
      expect(submitted).toMatchObject({
        nodes: [
          {
            jobs: [
              {
                content: {
                  runAs: "Preferred Windows Local Admin",
                  timeoutSeconds: 90,
                  parameters: [
                    { name: "path", value: "/tmp" },
                    { name: "days", value: "3" },
                  ],
                },
              },
            ],
          },
        ],
      }),
    );
  });

  it("reports a run on many devices with German numbers", () => {
    setLocaleSettings({ locale: "de" });
    mockFetch({});
    const jobs = Array.from({ length: 1234 }, (_, i) => ({ jobUid: `j${i}`, nodeId: i + 1 }));
    renderApp(<FanOutProgress jobs={jobs} scriptName="Clean temp" />);
    expect(screen.getByTestId("fan-out-progress").textContent).toContain(
      "Clean temp wurde an 1.234 Geräte gesendet.",
    );
    expect(screen.getByRole("link", { name: "ausstehende Skripte" })).toBeTruthy();
    expect(screen.getByText(/Verfolgen Sie die Ausführungen unter/)).toBeTruthy();
  });
});
