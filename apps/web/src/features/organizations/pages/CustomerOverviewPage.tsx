import { Button, Paper, Stack, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { LoadingState, PageHeader, formatDateTime } from "../../../ui";
import { usePageTitle } from "../../../routing";
import { useCan } from "../../auth";
import { useOrganization } from "../api";
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
      <Stack gap="sm">
        <Title order={4}>Locations</Title>
        <Paper withBorder radius="md">
          <LocationsTable organizationId={org.id} locations={org.locations} />
        </Paper>
      </Stack>
    </Stack>
  );
}
