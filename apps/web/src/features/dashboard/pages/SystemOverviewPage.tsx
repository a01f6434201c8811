import { Button, SimpleGrid, Stack } from "@mantine/core";
import { IconBuilding, IconDeviceDesktop, IconMapPin, IconUsers } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../../../i18n";
import { EmptyState, PageHeader, QueryView, StatCard } from "../../../ui";
import { useCan } from "../../auth";
import { DeviceWidgets, useDeviceSearchLink } from "../../devices";
import { useSystemOverview } from "../api";

export function SystemOverviewPage() {
  const overview = useSystemOverview();
  const can = useCan();
  const allDevicesLink = useDeviceSearchLink();
  const t = useT();
  return (
    <QueryView query={overview} errorTitle={t("dashboard.overview.loadError")}>
      {(data) => (
        <Stack gap="lg">
          <PageHeader
            title={t("dashboard.routes.dashboard")}
            description={t("dashboard.overview.description")}
          />
          <SimpleGrid cols={4} spacing="md">
            <StatCard
              testId="organizations"
              label={t("dashboard.overview.organizations")}
              value={data.organizations}
              icon={<IconBuilding size={20} />}
              to="/administration/customers/organizations"
            />
            <StatCard
              testId="locations"
              label={t("dashboard.overview.locations")}
              value={data.locations}
              icon={<IconMapPin size={20} />}
            />
            <StatCard
              testId="technicians"
              label={t("dashboard.overview.technicians")}
              value={data.technicians}
              icon={<IconUsers size={20} />}
              {...(can("technicians.read") ? { to: "/administration/users/technicians" } : {})}
            />
            <StatCard
              testId="devices"
              label={t("dashboard.overview.devices")}
              value={data.devices}
              icon={<IconDeviceDesktop size={20} />}
              to={allDevicesLink}
            />
          </SimpleGrid>
          {data.organizations === 0 ? (
            <EmptyState
              title={t("dashboard.overview.noOrganizations")}
              description={t("dashboard.overview.noOrganizationsDescription")}
              action={
                can("organizations.write") ? (
                  <Button component={Link} to="/administration/customers/organizations?create=1">
                    {t("dashboard.overview.createOrganization")}
                  </Button>
                ) : undefined
              }
            />
          ) : data.devices === 0 ? (
            <EmptyState
              icon={<IconDeviceDesktop size={26} />}
              title={t("dashboard.overview.noDevices")}
              description={t("dashboard.overview.noDevicesDescription")}
              action={
                <Button component={Link} to="/administration/library/downloads">
                  {t("dashboard.overview.goToDownloads")}
                </Button>
              }
            />
          ) : (
            <DeviceWidgets
              data={data}
              byPlace={{
                title: t("dashboard.overview.devicesByOrganization"),
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
