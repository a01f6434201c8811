import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BackupJobStatus, BackupPlanStatus, BackupRevision, RevisionTree } from "@steward/contracts";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { aDevice } from "../../../test/fixtures";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DeviceBackupPage } from "./DeviceBackupPage";

afterEach(() => {
  vi.unstubAllGlobals();
  setLocaleSettings({ locale: "en" });
});

const REV = "a".repeat(64);
const revision: BackupRevision = {
  revisionId: REV,
  nodeId: 42,
  planId: "docs",
  planName: "Documents",
  time: "2026-01-02T03:04:05.000Z",
  files: 2,
  bytes: 1536,
  bytesAdded: 1536,
  jobUid: "job-1",
};
const plan: BackupPlanStatus = {
  nodeId: 42,
  nodeName: "web-01",
  organizationId: 1,
  planId: "docs",
  planName: "Documents",
  type: "fileFolder",
  enabled: true,
  includePaths: ["/home/ana/Documents"],
  destinationPath: "/mnt/backup",
  status: "SUCCESS",
  lastJob: null,
  lastRevision: revision,
};
const tree: RevisionTree = {
  revision,
  truncated: false,
  entries: [
    { path: "/home/ana/Documents/a.txt", type: "file", size: 512, mtime: "", deletedSince: true },
    { path: "/home/ana/Documents/b.txt", type: "file", size: 1024, mtime: "", deletedSince: false },
  ],
};
const restoreJob = (status: string, result: string | null): BackupJobStatus => ({
  jobUid: "restore-1",
  nodeId: 42,
  nodeName: "web-01",
  planId: "docs",
  planName: "Documents",
  actionType: "LOCKHART_RESTORE",
  jobStatus: status,
  jobResult: result,
  errorMessage: null,
  createdAt: "2026-01-02T04:00:00.000Z",
  completedAt: null,
  progress: { files: 1, bytes: 512, totalBytes: null, bytesPerSecond: 2048, etaSeconds: null },
  restore: { revisionId: REV, paths: ["/home/ana/Documents/a.txt"], destinationPath: null },
});

function renderAt(path: string, extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({
    "GET /api/devices/42": () => json(200, { ...aDevice({ id: 42, hostname: "web-01" }), inventory: null }),
    "GET /api/backup/lockhart/nodes/42/plans-status": () => json(200, { items: [plan] }),
    "GET /api/backup/lockhart/nodes/42/revisions": () => json(200, { items: [revision] }),
    [`GET /api/backup/lockhart/nodes/42/revisions/${REV}/tree`]: () => json(200, tree),
    ...extra,
  });
  const result = renderApp(null, {
    routes: [{ path: "/deviceDashboard/:id/backup/:page", element: <DeviceBackupPage /> }],
    initialPath: path,
  });
  signIn(result.queryClient, authenticatedSession());
  return { fetchMock, user: userEvent.setup() };
}

describe("device backup page", () => {
  it("lists the policy's plans with their newest revision, sizes in base 1024", async () => {
    renderAt("/deviceDashboard/42/backup/1");
    const table = await screen.findByRole("table", { name: "Backup plans" });
    const row = within(table).getByText("Documents").closest("tr")!;
    expect(within(row).getByText("File/folder")).toBeTruthy();
    expect(within(row).getByText("Succeeded")).toBeTruthy();
    expect(within(row).getByText(/1\.5 KB/)).toBeTruthy();
  });

  it("runs a plan now", async () => {
    const post = vi.fn(() => json(200, { resultCode: "SUCCESS", jobUid: "job-2" }));
    const { user } = renderAt("/deviceDashboard/42/backup/plans", {
      "POST /api/backup/lockhart/nodes/42/plans/docs/backup": post,
    });
    await user.click(await screen.findByRole("button", { name: "Run now" }));
    await waitFor(() => expect(post).toHaveBeenCalled());
  });

  it("restores a file deleted since, through the wizard, and shows the restore's progress", async () => {
    let job = restoreJob("START_REQUESTED", null);
    const post = vi.fn(() => json(200, { resultCode: "SUCCESS", jobUid: "restore-1" }));
    const { user } = renderAt("/deviceDashboard/42/backup/revisions", {
      "POST /api/backup/lockhart/nodes/42/restore": post,
      "GET /api/backup/lockhart/jobs": () => json(200, { items: [job] }),
    });
    await user.click(await screen.findByRole("button", { name: "Restore from here" }));
    const files = await screen.findByRole("table", { name: "Files and folders in the revision" });
    const deleted = within(files).getByText("Deleted since").closest("tr")!;
    expect(within(deleted).getByText(/a\.txt/)).toBeTruthy();
    await user.click(within(files).getByRole("checkbox", { name: "Select /home/ana/Documents/a.txt" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect((screen.getByRole("radio", { name: "The original location" }) as HTMLInputElement).checked).toBe(
      true,
    );
    await user.click(screen.getByRole("radio", { name: "Overwrite it" }));
    await user.click(screen.getByRole("button", { name: "Start restore" }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    const calls = post.mock.calls as unknown as [{ body: unknown }][];
    expect(calls[0]![0].body).toEqual({
      revisionId: REV,
      paths: ["/home/ana/Documents/a.txt"],
      destinationPath: null,
      collisionHandling: "overwrite",
      restorePermissions: true,
      restoreDeletedFiles: true,
    });
    expect(await screen.findByText("Restoring…")).toBeTruthy();
    job = { ...restoreJob("COMPLETED", "SUCCESS") };
    expect(await screen.findByText("Restore finished", {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText("1 file restored (512 Bytes)")).toBeTruthy();
  });

  it("says quietly that backups are not visible without the permission (a 403 is no error)", async () => {
    renderAt("/deviceDashboard/42/backup/plans", {
      "GET /api/backup/lockhart/nodes/42/plans-status": () =>
        json(403, { code: "E_FORBIDDEN", message: "forbidden", requestId: "t" }),
    });
    expect(await screen.findByText("You do not have permission to see backups.")).toBeTruthy();
    expect(screen.queryByText("Backup loading error")).toBeNull();
  });

  it("reads in German", async () => {
    setLocaleSettings({ locale: "de" });
    renderAt("/deviceDashboard/42/backup/plans");
    await screen.findByRole("table", { name: "Sicherungspläne" });
    expect(screen.getByRole("button", { name: "Jetzt ausführen" })).toBeTruthy();
    const english = Object.entries(messagesByLocale.en)
      .filter(
        ([id, text]) => id.startsWith("backup.") && !/[{}<]/.test(text) && messagesByLocale.de[id] !== text,
      )
      .map(([, text]) => text);
    expect(english.filter((text) => screen.queryAllByText(text).length > 0)).toEqual([]);
  });
});
