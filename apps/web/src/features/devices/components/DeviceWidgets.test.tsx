import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderApp } from "../../../test/render";
import { DeviceWidgets } from "./DeviceWidgets";

const data = {
  devices: 10,
  devicesByStatus: { UP: 7, DOWN: 3 },
  devicesByApproval: { APPROVED: 9, PENDING: 1, REJECTED: 0 },
  devicesByOsFamily: { WINDOWS: 5, MAC: 2, LINUX: 3, OTHER: 0 },
  recentlyOffline: [
    {
      id: 9,
      hostname: "<b>db</b>",
      displayName: null,
      organizationId: 4,
      organizationName: "Acme",
      locationId: 1,
      locationName: "HQ",
      osFamily: "LINUX" as const,
      wentDownAt: "2025-11-22T09:00:00.000Z",
    },
  ],
};

describe("device widgets", () => {
  it("link every count to the pre-filtered device grid", () => {
    renderApp(
      <DeviceWidgets
        data={data}
        byPlace={{
          title: "Devices by organization",
          items: [{ id: 4, name: "Acme", total: 10, up: 7, down: 3 }],
          filter: (id) => ({ organizationIds: [id] }),
        }}
      />,
    );
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Down: 3 devices")).toBe("/deviceSearch?status=DOWN");
    expect(href("Up: 7 devices")).toBe("/deviceSearch?status=UP");
    expect(href("Pending approval: 1 device")).toBe("/deviceSearch?approval=PENDING");
    expect(href("Windows: 5 devices")).toBe("/deviceSearch?os=WINDOWS");
    expect(screen.getByRole("link", { name: "10" }).getAttribute("href")).toBe(
      "/deviceSearch?organizationId=4",
    );
    // Agent-reported names are text.
    expect(screen.getByRole("link", { name: "<b>db</b>" }).getAttribute("href")).toBe(
      "/deviceDashboard/9/overview",
    );
  });

  it("keep the scope of a customer dashboard in every link", () => {
    renderApp(<DeviceWidgets data={data} scope={{ organizationIds: [4] }} />);
    expect(screen.getByRole("link", { name: "Down: 3 devices" }).getAttribute("href")).toBe(
      "/deviceSearch?status=DOWN&organizationId=4",
    );
  });
});
