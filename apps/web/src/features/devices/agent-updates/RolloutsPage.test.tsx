import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AgentRelease, DeviceAgentReport, Rollout } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { DeviceAgentSection } from "./DeviceAgentSection";
import { parseRings } from "./NewRolloutForm";
import { RolloutsPage } from "./RolloutsPage";

afterEach(() => {
  vi.unstubAllGlobals();
  setLocaleSettings({ locale: "en" });
});

const release: AgentRelease = {
  id: 1,
  version: "1.2.0",
  platform: "linux",
  arch: "x64",
  artifactName: "steward-agent-1.2.0-linux-x64.mjs",
  length: 2_500_000,
  sha256: "ab".repeat(32),
  notes: "",
  createdAt: "2026-01-01T10:00:00.000Z",
};

const counts = (over: Partial<Rollout["ringProgress"][number]>) => ({
  total: 0,
  pending: 0,
  updating: 0,
  installed: 0,
  failed: 0,
  rolledBack: 0,
  ...over,
});

const running: Rollout = {
  id: 7,
  version: "1.2.0",
  state: "RUNNING",
  maxConcurrent: 500,
  healthSeconds: 300,
  bytesPerSecond: 0,
  rings: [
    { kind: "percent", percent: 10 },
    { kind: "percent", percent: 100 },
  ],
  currentRing: 0,
  ringProgress: [counts({ total: 2, installed: 1, rolledBack: 1 }), counts({ total: 8, pending: 8 })],
  createdAt: "2026-01-02T10:00:00.000Z",
  updatedAt: "2026-01-02T10:00:00.000Z",
};

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/agent-releases": () => json(200, { items: [release] }),
    "GET /api/agent-rollouts": () => json(200, { items: [running] }),
    ...handlers,
  });
  const result = renderApp(<RolloutsPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe("agent update rollouts page", () => {
  it("reads percentage rings and refuses anything else", () => {
    expect(parseRings("10, 100")).toEqual([
      { kind: "percent", percent: 10 },
      { kind: "percent", percent: 100 },
    ]);
    expect(parseRings("0, 100")).toBeNull();
    expect(parseRings("ten")).toBeNull();
    expect(parseRings("")).toBeNull();
  });

  it("starts a rollout of a published version over the rings given", async () => {
    let sent: unknown;
    const { user } = renderPage({
      "POST /api/agent-rollouts": ({ body }) => {
        sent = body;
        return json(201, { ...running, id: 8 });
      },
    });
    const releases = await screen.findByRole("table", { name: "Agent versions published for self-update" });
    expect(within(releases).getByText("linux x64")).toBeTruthy();
    const form = screen.getByTestId("new-rollout");
    const rings = within(form).getByLabelText(/^Rings/);
    await user.clear(rings);
    await user.type(rings, "5, 200");
    await user.click(within(form).getByRole("button", { name: "Start rollout" }));
    expect(
      await within(form).findByText("Give whole percentages from 1 to 100, separated by commas."),
    ).toBeTruthy();
    expect(sent).toBeUndefined();
    await user.clear(rings);
    await user.type(rings, "5, 100");
    await user.click(within(form).getByRole("button", { name: "Start rollout" }));
    await waitFor(() =>
      expect(sent).toEqual({
        version: "1.2.0",
        rings: [
          { kind: "percent", percent: 5 },
          { kind: "percent", percent: 100 },
        ],
        maxConcurrent: 500,
        healthSeconds: 300,
      }),
    );
  });

  it("shows each rollout's progress per ring, pauses it, and lists its devices by state", async () => {
    let paused = false;
    const deviceQueries: string[] = [];
    const { user } = renderPage({
      "POST /api/agent-rollouts/7/pause": () => {
        paused = true;
        return json(200, { ...running, state: "PAUSED" });
      },
      "GET /api/agent-rollouts/7/devices": ({ url }) => {
        deviceQueries.push(url.search);
        return json(200, {
          items: [
            {
              deviceId: 3,
              deviceName: "pc-03",
              organizationId: 1,
              ring: 0,
              state: "ROLLED_BACK",
              reason: "Version 1.2.0 did not reconnect within 300 seconds.",
              updatedAt: "2026-01-02T10:05:00.000Z",
            },
          ],
          total: 1,
        });
      },
    });
    const row = await screen.findByTestId("rollout-7");
    expect(within(row).getByText("Running")).toBeTruthy();
    expect(within(row).getByText("1 of 10 installed")).toBeTruthy();
    expect(within(row).getByText("Ring 1 of 2")).toBeTruthy();
    expect(
      within(row).getByText(
        "Ring 1: 10 % of the fleet — 0 waiting · 0 updating · 1 installed · 0 failed · 1 rolled back",
      ),
    ).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(paused).toBe(true));

    await user.click(within(row).getByRole("button", { name: "Show devices of the rollout of 1.2.0" }));
    const dialog = await screen.findByRole("dialog", { name: "Devices of the rollout of 1.2.0" });
    expect(
      await within(dialog).findByText("Version 1.2.0 did not reconnect within 300 seconds."),
    ).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "pc-03" }).getAttribute("href")).toBe(
      "/deviceDashboard/3/overview",
    );
    await user.click(within(dialog).getByRole("textbox", { name: "Device state" }));
    await user.click(await screen.findByRole("option", { name: "Rolled back" }));
    await waitFor(() => expect(deviceQueries.at(-1)).toContain("state=ROLLED_BACK"));
  });

  it("says so when nothing is published or rolled out yet, in German too", async () => {
    setLocaleSettings({ locale: "de" });
    renderPage({
      "GET /api/agent-releases": () => json(200, { items: [] }),
      "GET /api/agent-rollouts": () => json(200, { items: [] }),
    });
    expect(
      await screen.findByText("Noch ist keine Agent-Version für die Selbstaktualisierung veröffentlicht."),
    ).toBeTruthy();
    expect(await screen.findByText("Noch keine Rollouts")).toBeTruthy();
    expectNoEnglish(document.body, "devices.rollouts.");
  });
});

const report: DeviceAgentReport = {
  deviceId: 1,
  agentVersion: "1.0.0",
  latestVersion: "1.2.0",
  outdated: true,
  platform: "linux",
  arch: "x64",
  packaging: "binary",
  installPath: "/opt/steward/versions/1.0.0/steward-agent",
  installDir: "/opt/steward",
  serviceManager: "systemd",
  reportedAt: "2026-01-02T10:00:00.000Z",
  lastErrors: [{ at: "2026-01-02T09:00:00.000Z", message: "could not reach the server" }],
  lastUpdate: {
    version: "1.2.0",
    status: "rolled-back",
    reason: "did not reconnect in time",
    at: "2026-01-02T09:30:00.000Z",
  },
};

function renderSection(body: DeviceAgentReport) {
  mockFetch({ "GET /api/devices/1/agent": () => json(200, body) });
  const result = renderApp(<DeviceAgentSection deviceId={1} />);
  signIn(result.queryClient, authenticatedSession());
  return result;
}

describe("a device's agent panel", () => {
  it("shows the version against the newest published one, how the agent runs, its last update and errors", async () => {
    renderSection(report);
    const panel = await screen.findByTestId("device-agent");
    expect(await within(panel).findByText("Outdated")).toBeTruthy();
    expect(within(panel).getByText("1.2.0")).toBeTruthy();
    expect(within(panel).getByText("/opt/steward")).toBeTruthy();
    expect(within(panel).getByText("systemd")).toBeTruthy();
    expect(within(panel).getByText("Self-contained executable")).toBeTruthy();
    expect(
      within(panel).getByText(/^Rolled back from 1\.2\.0 · .* · did not reconnect in time$/),
    ).toBeTruthy();
    expect(within(panel).getByRole("table", { name: "The agent's recent errors, newest last" })).toBeTruthy();
    expect(within(panel).getByText("could not reach the server")).toBeTruthy();
  });

  it("says when an older agent has not reported about itself, in German", async () => {
    setLocaleSettings({ locale: "de" });
    renderSection({
      ...report,
      outdated: false,
      latestVersion: null,
      platform: null,
      arch: null,
      packaging: null,
      installPath: null,
      installDir: null,
      serviceManager: null,
      reportedAt: null,
      lastErrors: [],
      lastUpdate: null,
    });
    const panel = await screen.findByTestId("device-agent");
    expect(
      await within(panel).findByText(
        "Der Agent hat noch nichts über sich gemeldet (ein Agent, der älter als diese Konsole ist).",
      ),
    ).toBeTruthy();
    expect(within(panel).getByText("Keine Version für die Selbstaktualisierung veröffentlicht")).toBeTruthy();
    expect(within(panel).getByText("Noch keine Aktualisierung")).toBeTruthy();
    expectNoEnglish(panel, "devices.agent.");
  });
});
