import { useState } from "react";
import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useParams } from "react-router";
import type { CredentialView } from "@steward/contracts";
import { credentialTypeLabels } from "@steward/domain";
import { parseId } from "../../../lib/params";
import { usePageTitle } from "../../../routing";
import {
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeader,
  formatDateTime,
  RowActions,
  EditIconButton,
  DeleteIconButton,
  TableCard,
  confirmDelete,
} from "../../../ui";
import { useCan } from "../../auth";
import { useOrganization } from "../../organizations";
import { CREDENTIALS_ERROR, useCredentials, useDeleteCredential } from "../api";
import { CredentialFormModal } from "../components/CredentialFormModal";

/** /editor/customer/:id/credentials: the organization's stored credentials for Run As. */
export function CredentialsPage() {
  const id = parseId(useParams().id);
  if (id === null) return <EmptyState title="This organization does not exist" />;
  return <Credentials organizationId={id} />;
}

function Credentials({ organizationId }: { organizationId: number }) {
  const can = useCan();
  const canWrite = can("credentials.manage");
  const organization = useOrganization(organizationId);
  const credentials = useCredentials(organizationId);
  const remove = useDeleteCredential(organizationId);
  const [editing, setEditing] = useState<CredentialView | null>(null);
  const [creating, setCreating] = useState(false);
  usePageTitle(organization.data ? `${organization.data.name}: credentials` : null);

  const handleDelete = (credential: CredentialView) =>
    confirmDelete({
      title: "Delete credential",
      message: `Delete "${credential.name}"? Scripts and tasks that run as it fall back to failing until you choose another.`,
      remove: (done) => remove.mutate(credential.id, done),
      deletedMessage: `Credential "${credential.name}" deleted`,
      errorTitle: "Could not delete the credential",
    });

  return (
    <Stack gap="md">
      <PageHeader
        title="Credentials"
        description={`Accounts scripts can run as on ${organization.data?.name ?? "this organization"}'s devices. Passwords are stored encrypted and never shown again.`}
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              New credential
            </Button>
          ) : null
        }
      />
      {credentials.isPending ? (
        <LoadingState label="Loading credentials…" />
      ) : credentials.isError ? (
        <ErrorState
          title={CREDENTIALS_ERROR}
          error={credentials.error}
          onRetry={() => void credentials.refetch()}
        />
      ) : credentials.data.length === 0 ? (
        <EmptyState
          title="No credentials yet"
          description="Add a local or domain administrator, a Mac or a Linux account to run scripts as it."
        />
      ) : (
        <TableCard minWidth={700}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>User name</Table.Th>
              <Table.Th>Updated</Table.Th>
              {canWrite ? <Table.Th aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {credentials.data.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {c.name}
                    </Text>
                    {c.preferred ? (
                      <Badge size="xs" variant="light">
                        Preferred
                      </Badge>
                    ) : null}
                  </Group>
                  {c.description ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {c.description}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{credentialTypeLabels[c.type]}</Table.Td>
                <Table.Td>{c.username}</Table.Td>
                <Table.Td>{formatDateTime(c.updatedAt)}</Table.Td>
                {canWrite ? (
                  <Table.Td>
                    <RowActions>
                      <EditIconButton name={c.name} onClick={() => setEditing(c)} />
                      <DeleteIconButton name={c.name} onClick={() => handleDelete(c)} />
                    </RowActions>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </TableCard>
      )}
      <CredentialFormModal
        organizationId={organizationId}
        credential={editing}
        opened={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </Stack>
  );
}
