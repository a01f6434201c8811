import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { useT } from "../../../i18n";
import { LoadingState, PageHeader, QueryView, formatDateTime, formatNumber } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan } from "../../auth";
import { ActivityList, DeviceWidgets } from "../../devices";
import { useOrganization, useOrganizationOverview } from "../api";
import { approvalModeText } from "../components/ApprovalModeField";
import { DetailList } from "../components/DetailList";
import { LocationsTable } from "../components/LocationsTable";
import { OrganizationLoadError, OrganizationNotFound } from "../components/OrganizationNotFound";
import { parseId } from "../components/use-organization-id";

export function CustomerOverviewPage() {
  const id = parseId(useParams().id);
  if (id === null) return <OrganizationNotFound />;
  return <CustomerOverview id={id} />;
}

function CustomerOverview({ id }: { id: number }) {
  const t = useT();
  const can = useCan();
  const query = useOrganization(id);
  usePageTitle(query.data?.name);

  if (query.isPending) return <LoadingState label={t("organizations.overview.loading")} />;
  if (query.isError)
    return <OrganizationLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const org = query.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={org.name}
        description={org.description || undefined}
        actions={
          can("organizations.write") ? (
            <Button
              variant="default"
              component={Link}
              to={`/editor/customer/${org.id}/general`}
              leftSection={<IconPencil size={16} />}
            >
              {t("organizations.overview.edit")}
            </Button>
          ) : null
        }
      />
      <DetailList
        items={[
          {
            label: t("organizations.overview.deviceApproval"),
            value: t(approvalModeText[org.nodeApprovalMode].label),
          },
          { label: t("organizations.overview.locations"), value: formatNumber(org.locations.length) },
          { label: t("common.fields.devices"), value: formatNumber(org.deviceCount) },
          { label: t("common.fields.created"), value: formatDateTime(org.createdAt) },
        ]}
      />
      <OrganizationDevices organizationId={org.id} />
      <Stack gap="sm">
        <Title order={4}>{t("organizations.overview.locations")}</Title>
        <Paper withBorder radius="md">
          <LocationsTable organizationId={org.id} locations={org.locations} />
        </Paper>
      </Stack>
    </Stack>
  );
}

function OrganizationDevices({ organizationId }: { organizationId: number }) {
  const t = useT();
  const overview = useOrganizationOverview(organizationId);
  return (
    <QueryView
      query={overview}
      errorTitle={t("organizations.overview.devicesLoadError")}
      loadingLabel={t("organizations.overview.loadingDevices")}
    >
      {(data) =>
        data.devices === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between">
              <Title order={5}>{t("organizations.overview.noDevices")}</Title>
              <Button
                component={Link}
                to={`/administration/library/downloads?organizationId=${organizationId}`}
              >
                {t("organizations.overview.installCommand")}
              </Button>
            </Group>
          </Paper>
        ) : (
          <Stack gap="md">
            <DeviceWidgets
              data={data}
              scope={{ organizationIds: [organizationId] }}
              byPlace={{
                title: t("organizations.overview.devicesByLocation"),
                items: data.devicesByLocation,
                filter: (id) => ({ locationIds: [id] }),
              }}
            />
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4}>{t("organizations.overview.recentActivity")}</Title>
                <Anchor component={Link} to={`/customerDashboard/${organizationId}/activities/1`} size="sm">
                  {t("organizations.overview.allActivities")}
                </Anchor>
              </Group>
              <ActivityList
                scope={{ kind: "organization", id: organizationId }}
                page={1}
                pageSize={8}
                showDevice
              />
            </Stack>
          </Stack>
        )
      }
    </QueryView>
  );
}
