import { Stack, Title } from "@mantine/core";
import { useParams } from "react-router";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { EmptyState, PageHeader } from "../../../ui";
import type { BackupScope } from "../api";
import { JobsTable } from "../components/JobsTable";
import { PlansTable } from "../components/PlansTable";

function Overview({ scope, description }: { scope: BackupScope; description: string }) {
  const t = useT();
  return (
    <Stack gap="md">
      <PageHeader title={t("backup.routes.backup")} description={description} />
      <Title order={3}>{t("backup.tabs.plans")}</Title>
      <PlansTable scope={scope} />
      <Title order={3}>{t("backup.tabs.jobs")}</Title>
      <JobsTable scope={scope} />
    </Stack>
  );
}

/** /systemDashboard/backup/:page — plans status and jobs across every device in reach. */
export function SystemBackupPage() {
  const t = useT();
  return <Overview scope={{ kind: "system" }} description={t("backup.pages.systemDescription")} />;
}

/** /customerDashboard/:id/backup/:page — plans status and jobs across the organization's devices. */
export function CustomerBackupPage() {
  const t = useT();
  const id = parseId(useParams().id);
  if (id === null) return <EmptyState title={t("backup.pages.organizationMissing")} />;
  return (
    <Overview scope={{ kind: "organization", id }} description={t("backup.pages.organizationDescription")} />
  );
}
