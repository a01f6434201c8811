import { Anchor, Badge, Button, Group, Stack } from "@mantine/core";
import { IconDeviceDesktop, IconPencil } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { EmptyState, LoadingState, PageHeader, QueryView } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan } from "../../auth";
import { DeviceWidgets } from "../../devices";
import { useLocationOverview, useOrganization } from "../api";
import { DetailList } from "../components/DetailList";
import { OrganizationLoadError, OrganizationNotFound } from "../components/OrganizationNotFound";
import { parseId } from "../components/use-organization-id";

/** /customerDashboard/:id/location/:location — one location of an organization. */
export function CustomerLocationPage() {
  const params = useParams();
  const id = parseId(params.id);
  const locationId = parseId(params.location);
  if (id === null || locationId === null) return <OrganizationNotFound what="location" />;
  return <CustomerLocation id={id} locationId={locationId} />;
}

function CustomerLocation({ id, locationId }: { id: number; locationId: number }) {
  const can = useCan();
  const query = useOrganization(id);
  const location = query.data?.locations.find((l) => l.id === locationId);
  usePageTitle(location ? `${location.name} · ${query.data?.name ?? ""}` : null);

  if (query.isPending) return <LoadingState label="Loading location…" />;
  if (query.isError)
    return <OrganizationLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!location) return <OrganizationNotFound what="location" />;
  const org = query.data;

  return (
    <Stack gap="lg">
      <PageHeader
        title={
          <Group gap="xs">
            {location.name}
            {location.isDefault ? (
              <Badge variant="light" color="gray">
                Default
              </Badge>
            ) : null}
          </Group>
        }
        description={
          <>
            Location of{" "}
            <Anchor component={Link} to={`/customerDashboard/${org.id}/overview`} size="sm">
              {org.name}
            </Anchor>
          </>
        }
        actions={
          can("organizations.write") ? (
            <Button
              variant="default"
              component={Link}
              to={`/editor/customer/${org.id}/locations`}
              leftSection={<IconPencil size={16} />}
            >
              Edit locations
            </Button>
          ) : null
        }
      />
      <DetailList
        items={[
          { label: "Address", value: location.address || "—" },
          { label: "Description", value: location.description || "—" },
          { label: "Devices", value: location.deviceCount },
          { label: "Organization", value: org.name },
        ]}
      />
      {location.deviceCount === 0 ? (
        <EmptyState
          icon={<IconDeviceDesktop size={26} />}
          title="No devices in this location yet"
          description="Devices appear here once the Steward agent is installed on them and assigned to this location."
          action={
            <Button
              component={Link}
              to={`/administration/library/downloads?organizationId=${org.id}&locationId=${location.id}`}
            >
              Get the install command
            </Button>
          }
        />
      ) : (
        <LocationDevices organizationId={org.id} locationId={location.id} />
      )}
    </Stack>
  );
}

function LocationDevices({ organizationId, locationId }: { organizationId: number; locationId: number }) {
  const overview = useLocationOverview(organizationId, locationId);
  return (
    <QueryView
      query={overview}
      errorTitle="Could not load the location's devices"
      loadingLabel="Loading devices…"
    >
      {(data) => (
        <DeviceWidgets
          data={data}
          scope={{ organizationIds: [organizationId], locationIds: [locationId] }}
          byPlace={{
            title: "Devices by role",
            items: data.devicesByRole,
            filter: (id) => ({ roleIds: [id] }),
          }}
        />
      )}
    </QueryView>
  );
}
