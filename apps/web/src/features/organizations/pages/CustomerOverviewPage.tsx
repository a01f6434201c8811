import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { LoadingState, PageHeader, QueryView, formatDateTime } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan } from "../../auth";
import { ActivityList, DeviceWidgets } from "../../devices";
import { useOrganization, useOrganizationOverview } from "../api";
import { approvalModeLabels } from "../components/ApprovalModeField";
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
  const can = useCan();
  const query = useOrganization(id);
  usePageTitle(query.data?.name);

  if (query.isPending) return <LoadingState label="Loading organization…" />;
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
              Edit organization
            </Button>
          ) : null
        }
      />
      <DetailList
        items={[
          { label: "Device approval", value: approvalModeLabels[org.nodeApprovalMode].label },
          { label: "Locations", value: org.locations.length },
          { label: "Devices", value: org.deviceCount },
          { label: "Created", value: formatDateTime(org.createdAt) },
        ]}
      />
      <OrganizationDevices organizationId={org.id} />
      <Stack gap="sm">
        <Title order={4}>Locations</Title>
        <Paper withBorder radius="md">
          <LocationsTable organizationId={org.id} locations={org.locations} />
        </Paper>
      </Stack>
    </Stack>
  );
}

function OrganizationDevices({ organizationId }: { organizationId: number }) {
  const overview = useOrganizationOverview(organizationId);
  return (
    <QueryView
      query={overview}
      errorTitle="Could not load the organization's devices"
      loadingLabel="Loading devices…"
    >
      {(data) =>
        data.devices === 0 ? (
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between">
              <Title order={5}>No devices yet</Title>
              <Button
                component={Link}
                to={`/administration/library/downloads?organizationId=${organizationId}`}
              >
                Get the install command
              </Button>
            </Group>
          </Paper>
        ) : (
          <Stack gap="md">
            <DeviceWidgets
              data={data}
              scope={{ organizationIds: [organizationId] }}
              byPlace={{
                title: "Devices by location",
                items: data.devicesByLocation,
                filter: (id) => ({ locationIds: [id] }),
              }}
            />
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={4}>Recent activity</Title>
                <Anchor component={Link} to={`/customerDashboard/${organizationId}/activities/1`} size="sm">
                  All activities
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
