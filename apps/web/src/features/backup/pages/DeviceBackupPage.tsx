import { useState } from "react";
import { Stack, Tabs, Text } from "@mantine/core";
import { useNavigate, useParams } from "react-router";
import type { DeviceDetail } from "@steward/contracts";
import { useT } from "../../../i18n";
import { DevicePage } from "../../devices";
import { JobsTable } from "../components/JobsTable";
import { PlansTable } from "../components/PlansTable";
import { RestoreWizard } from "../components/RestoreWizard";
import { RevisionsTable } from "../components/RevisionsTable";

export const DEVICE_BACKUP_VIEWS = ["plans", "revisions", "jobs", "restore"] as const;
type View = (typeof DEVICE_BACKUP_VIEWS)[number];

/** The :page segment names the view; anything else (the tab's "1") opens the plans. */
const viewOf = (page: string | undefined): View =>
  (DEVICE_BACKUP_VIEWS as readonly string[]).includes(page ?? "") ? (page as View) : "plans";

function DeviceBackup({ device }: { device: DeviceDetail }) {
  const t = useT();
  const navigate = useNavigate();
  const view = viewOf(useParams().page);
  const [restoreFrom, setRestoreFrom] = useState<string | null>(null);
  const go = (next: View) => void navigate(`/deviceDashboard/${device.id}/backup/${next}`);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("backup.pages.deviceDescription")}
      </Text>
      <Tabs value={view} onChange={(v) => v && go(v as View)} keepMounted={false}>
        <Tabs.List aria-label={t("backup.tabs.label")}>
          {DEVICE_BACKUP_VIEWS.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`backup.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="plans" pt="md">
          <PlansTable scope={{ kind: "device", id: device.id }} />
        </Tabs.Panel>
        <Tabs.Panel value="revisions" pt="md">
          <RevisionsTable
            deviceId={device.id}
            onRestore={(r) => {
              setRestoreFrom(r.revisionId);
              go("restore");
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="jobs" pt="md">
          <JobsTable scope={{ kind: "device", id: device.id }} />
        </Tabs.Panel>
        <Tabs.Panel value="restore" pt="md">
          <RestoreWizard key={restoreFrom ?? ""} deviceId={device.id} initialRevision={restoreFrom} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** /deviceDashboard/:id/backup/:page — plans, revisions, jobs with progress, and the restore wizard. */
export function DeviceBackupPage() {
  return <DevicePage>{(device) => <DeviceBackup device={device} />}</DevicePage>;
}
