import { Anchor, Badge, Button, Group, Stack } from "@mantine/core";
import { IconDeviceDesktop, IconPencil } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { useT } from "../../../i18n";
import { EmptyState, LoadingState, PageHeader, QueryView, formatNumber } from "../../../ui";
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
  const t = useT();
  const can = useCan();
  const query = useOrganization(id);
  const location = query.data?.locations.find((l) => l.id === locationId);
  usePageTitle(
    location
      ? t("organizations.location.pageTitle", {
          location: location.name,
          organization: query.data?.name ?? "",
        })
      : null,
  );

  if (query.isPending) return <LoadingState label={t("organizations.location.loading")} />;
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
                {t("organizations.location.default")}
              </Badge>
            ) : null}
          </Group>
        }
        description={t.rich("organizations.location.locationOf", {
          organization: org.name,
          link: (chunks) => (
            <Anchor component={Link} to={`/customerDashboard/${org.id}/overview`} size="sm">
              {chunks}
            </Anchor>
          ),
        })}
        actions={
          can("organizations.write") ? (
            <Button
              variant="default"
              component={Link}
              to={`/editor/customer/${org.id}/locations`}
              leftSection={<IconPencil size={16} />}
            >
              {t("organizations.location.editLocations")}
            </Button>
          ) : null
        }
      />
      <DetailList
        items={[
          { label: t("organizations.location.address"), value: location.address || "—" },
          { label: t("common.fields.description"), value: location.description || "—" },
          { label: t("common.fields.devices"), value: formatNumber(location.deviceCount) },
          { label: t("common.fields.organization"), value: org.name },
        ]}
      />
      {location.deviceCount === 0 ? (
        <EmptyState
          icon={<IconDeviceDesktop size={26} />}
          title={t("organizations.location.noDevicesTitle")}
          description={t("organizations.location.noDevicesDescription")}
          action={
            <Button
              component={Link}
              to={`/administration/library/downloads?organizationId=${org.id}&locationId=${location.id}`}
            >
              {t("organizations.location.installCommand")}
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
  const t = useT();
  const overview = useLocationOverview(organizationId, locationId);
  return (
    <QueryView
      query={overview}
      errorTitle={t("organizations.location.devicesLoadError")}
      loadingLabel={t("organizations.location.loadingDevices")}
    >
      {(data) => (
        <DeviceWidgets
          data={data}
          scope={{ organizationIds: [organizationId], locationIds: [locationId] }}
          byPlace={{
            title: t("organizations.location.devicesByRole"),
            items: data.devicesByRole,
            filter: (id) => ({ roleIds: [id] }),
          }}
        />
      )}
    </QueryView>
  );
}
