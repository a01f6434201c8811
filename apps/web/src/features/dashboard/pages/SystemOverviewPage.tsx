import { Button, SimpleGrid, Stack } from "@mantine/core";
import { IconBuilding, IconDeviceDesktop, IconMapPin, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { EmptyState, PageHeader, QueryView, StatCard } from "../../../ui";
import { useCan } from "../../auth";
import { DeviceWidgets, useDeviceSearchLink } from "../../devices";
import { useSystemOverview } from "../api";

export function SystemOverviewPage() {
  const overview = useSystemOverview();
  const can = useCan();
  const allDevicesLink = useDeviceSearchLink();
  return (
    <QueryView query={overview} errorTitle="Could not load the system overview">
      {(data) => (
        <Stack gap="lg">
          <PageHeader title="Dashboard" description="Everything you manage, at a glance." />
          <SimpleGrid cols={4} spacing="md">
            <StatCard
              label="Organizations"
              value={data.organizations}
              icon={<IconBuilding size={20} />}
              to="/administration/customers/organizations"
            />
            <StatCard label="Locations" value={data.locations} icon={<IconMapPin size={20} />} />
            <StatCard
              label="Technicians"
              value={data.technicians}
              icon={<IconUsers size={20} />}
              {...(can("technicians.read") ? { to: "/administration/users/technicians" } : {})}
            />
            <StatCard
              label="Devices"
              value={data.devices}
              icon={<IconDeviceDesktop size={20} />}
              to={allDevicesLink}
            />
          </SimpleGrid>
          {data.organizations === 0 ? (
            <EmptyState
              title="No organizations yet"
              description="Organizations are the customers you manage. Create one to start adding locations and devices."
              action={
                can("organizations.write") ? (
                  <Button component={Link} to="/administration/customers/organizations?create=1">
                    Create organization
                  </Button>
                ) : undefined
              }
            />
          ) : data.devices === 0 ? (
            <EmptyState
              icon={<IconDeviceDesktop size={26} />}
              title="No devices yet"
              description="Devices appear here once the Steward agent is installed on them."
              action={
                <Button component={Link} to="/administration/library/downloads">
                  Go to downloads
                </Button>
              }
            />
          ) : (
            <DeviceWidgets
              data={data}
              byPlace={{
                title: "Devices by organization",
                items: data.devicesByOrganization,
                filter: (id) => ({ organizationIds: [id] }),
              }}
            />
          )}
        </Stack>
      )}
    </QueryView>
  );
}
