import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DeviceMetrics } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DEFAULT_THEME } from "@mantine/core";
import { DeviceMetricsSection } from "./DeviceMetricsSection";
import { lineColor } from "./MetricChart";
import { chartsOf, summarize } from "./metric-shaping";

// jsdom has no canvas: uPlot is replaced by a recorder of what it was asked to draw.
const drawn = vi.hoisted(
  () => [] as { options: { series: { label?: string; stroke?: string }[] }; data: unknown[] }[],
);
vi.mock("uplot", () => ({
  default: class {
    constructor(options: (typeof drawn)[number]["options"], data: unknown[]) {
      drawn.push({ options, data });
    }
    setSize() {}
    destroy() {}
  },
}));

const GB = 1024 ** 3;
const series = (avg: (number | null)[], min = avg, max = avg) => ({ min, avg, max });
const metrics = (overrides: Partial<DeviceMetrics> = {}): DeviceMetrics => ({
  range: "24h",
  resolution: "5m",
  stepSeconds: 300,
  times: [1_700_000_000, 1_700_000_300, 1_700_000_600],
  cpu: series([10, 30, 20], [5, 25, 15], [40, 60, 35]),
  memory: { used: series([2 * GB, 4 * GB, null]), totalBytes: 8 * GB },
  disks: [
    { mount: "/", used: series([50 * GB, 60 * GB, 70 * GB]), totalBytes: 100 * GB },
    { mount: "/data", used: series([1 * GB, 1 * GB, 1 * GB]), totalBytes: 4 * GB },
  ],
  network: { in: series([1024, 2048, 3072]), out: series([0, 512, 0]) },
  ...overrides,
});

function renderSection(handler: Parameters<typeof mockFetch>[0][string]) {
  const fetchMock = mockFetch({ "GET /api/devices/42/metrics": handler });
  const result = renderApp(<DeviceMetricsSection deviceId={42} />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, fetchMock, user: userEvent.setup() };
}

beforeEach(() => {
  drawn.length = 0;
  setLocaleSettings({ locale: "en", timeZone: "UTC" });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.style.removeProperty("--mantine-color-blue-7");
  document.documentElement.style.removeProperty("--mantine-color-teal-7");
});

describe("chart data", () => {
  it("shows memory and each filesystem as the share in use, network in bytes per second", () => {
    const [cpu, memory, disk, network] = chartsOf(metrics());
    expect(cpu!.lines[0]!.values).toEqual([10, 30, 20]);
    expect(memory!.lines[0]!.values).toEqual([25, 50, null]);
    expect(disk!.lines.map((l) => [l.key, l.values])).toEqual([
      ["disk:/", [50, 60, 70]],
      ["disk:/data", [25, 25, 25]],
    ]);
    expect(network!.unit).toBe("bytesPerSecond");
    expect(network!.lines.map((l) => l.key)).toEqual(["in", "out"]);
  });

  it("summarizes a line: lowest and highest of the buckets, average of the averages, latest present value", () => {
    const [cpu, memory] = chartsOf(metrics());
    expect(summarize(cpu!.lines[0]!)).toEqual({ min: 5, avg: 20, max: 60, latest: 20 });
    expect(summarize(memory!.lines[0]!)).toEqual({ min: 25, avg: 37.5, max: 50, latest: 50 });
    const none = chartsOf(metrics({ memory: { used: series([null]), totalBytes: null } }))[1]!;
    expect(summarize(none.lines[0]!)).toEqual({ min: null, avg: null, max: null, latest: null });
  });
});

describe("chart colours", () => {
  it("come from the theme's variables, a lighter shade in the dark scheme", () => {
    document.documentElement.style.setProperty("--mantine-color-blue-4", "rgb(9, 9, 9)");
    expect(lineColor(0, "dark")).toBe("rgb(9, 9, 9)");
    document.documentElement.style.removeProperty("--mantine-color-blue-4");
    expect(lineColor(1, "dark")).toBe(DEFAULT_THEME.colors.teal[4]);
    expect(lineColor(1, "light")).toBe(DEFAULT_THEME.colors.teal[7]);
  });
});

describe("the device's performance charts", () => {
  it("draws the four charts and says the same in a table for screen readers", async () => {
    document.documentElement.style.setProperty("--mantine-color-blue-7", "rgb(1, 2, 3)");
    document.documentElement.style.setProperty("--mantine-color-teal-7", "rgb(4, 5, 6)");
    renderSection(() => json(200, metrics()));
    const cpu = await screen.findByRole("table", { name: /^CPU over the chosen time range/ });
    const cpuRow = within(cpu).getByRole("row", { name: /Used/ });
    expect(
      within(cpuRow)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["5%", "20%", "60%", "20%"]);
    const disk = screen.getByRole("table", { name: /^Disk over/ });
    expect(
      within(within(disk).getByRole("row", { name: /\/data/ })).getAllByRole("cell")[3]!.textContent,
    ).toBe("25%");
    const network = screen.getByRole("table", { name: /^Network over/ });
    expect(
      within(within(network).getByRole("row", { name: /^In/ }))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["1 KB/s", "2 KB/s", "3 KB/s", "3 KB/s"]);
    // The charts themselves are pictures: hidden from assistive technology.
    expect(screen.getByTestId("metric-chart-cpu").getAttribute("aria-hidden")).toBe("true");
    await waitFor(() => expect(drawn).toHaveLength(4));
    const diskChart = drawn.find((d) => d.options.series.some((s) => s.label === "/data"))!;
    expect(diskChart.data).toEqual([metrics().times, [50, 60, 70], [25, 25, 25]]);
    // Each line has its own colour.
    // Line colours come from the theme's CSS variables (light scheme: shade 7), one per line.
    expect(diskChart.options.series.slice(1).map((s) => s.stroke)).toEqual(["rgb(1, 2, 3)", "rgb(4, 5, 6)"]);
  });

  it("asks for the chosen range and starts with 24 hours", async () => {
    const { fetchMock, user } = renderSection(({ url }) =>
      json(200, metrics({ range: url.searchParams.get("range") as DeviceMetrics["range"] })),
    );
    await screen.findByRole("table", { name: /^CPU/ });
    const ranges = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), "http://x"))
        .filter((u) => u.pathname.endsWith("/metrics"))
        .map((u) => u.searchParams.get("range"));
    expect(ranges()).toEqual(["24h"]);
    await user.click(screen.getByRole("radio", { name: "7 d" }));
    await waitFor(() => expect(ranges()).toEqual(["24h", "7d"]));
    for (const label of ["1 h", "24 h", "30 d"])
      expect(screen.getByRole("radio", { name: label })).toBeTruthy();
  });

  it("says when there are no samples yet", async () => {
    renderSection(() =>
      json(
        200,
        metrics({
          times: [],
          cpu: series([]),
          memory: { used: series([]), totalBytes: null },
          disks: [],
          network: { in: series([]), out: series([]) },
        }),
      ),
    );
    expect(await screen.findByText("No samples yet")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(drawn).toEqual([]);
  });

  it("shows that it is loading, then an error with a retry", async () => {
    let fail = true;
    const { user } = renderSection(() =>
      fail ? json(500, { code: "E_INTERNAL", message: "boom", requestId: "r" }) : json(200, metrics()),
    );
    expect(screen.getByText("Loading samples…")).toBeTruthy();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load the performance history")).toBeTruthy();
    fail = false;
    await user.click(within(alert).getByRole("button"));
    expect(await screen.findByRole("table", { name: /^CPU/ })).toBeTruthy();
  });

  it("reads in German", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    renderSection(() => json(200, metrics()));
    const cpu = await screen.findByRole("table", { name: /^CPU im gewählten Zeitraum/ });
    expect(
      within(cpu)
        .getAllByRole("columnheader")
        .map((c) => c.textContent),
    ).toEqual(["Reihe", "Niedrigster", "Durchschnitt", "Höchster", "Letzter"]);
    expect(
      within(within(cpu).getByRole("row", { name: /Belegt/ })).getAllByRole("cell")[0]!.textContent,
    ).toBe("5 %");
    expect(screen.getByRole("radio", { name: "7 Tage" })).toBeTruthy();
    expect(screen.getByText("Leistung")).toBeTruthy();
  });
});
