import { useState } from "react";
import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useParams } from "react-router";
import type { CredentialView } from "@steward/contracts";
import { useT } from "../../../i18n";
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
import { useCredentials, useDeleteCredential } from "../api";
import { CredentialFormModal } from "../components/CredentialFormModal";
import { credentialTypeText } from "../labels";

/** /editor/customer/:id/credentials: the organization's stored credentials for Run As. */
export function CredentialsPage() {
  const t = useT();
  const id = parseId(useParams().id);
  if (id === null) return <EmptyState title={t("credentials.page.notFound")} />;
  return <Credentials organizationId={id} />;
}

function Credentials({ organizationId }: { organizationId: number }) {
  const t = useT();
  const can = useCan();
  const canWrite = can("credentials.manage");
  const organization = useOrganization(organizationId);
  const credentials = useCredentials(organizationId);
  const remove = useDeleteCredential(organizationId);
  const [editing, setEditing] = useState<CredentialView | null>(null);
  const [creating, setCreating] = useState(false);
  usePageTitle(organization.data ? t("credentials.page.pageTitle", { name: organization.data.name }) : null);

  const handleDelete = (credential: CredentialView) =>
    confirmDelete({
      title: t("credentials.delete.title"),
      message: t("credentials.delete.message", { name: credential.name }),
      remove: (done) => remove.mutate(credential.id, done),
      deletedMessage: t("credentials.delete.deleted", { name: credential.name }),
      errorTitle: t("credentials.delete.error"),
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={t("credentials.page.title")}
        description={
          organization.data
            ? t("credentials.page.description", { name: organization.data.name })
            : t("credentials.page.descriptionNoName")
        }
        actions={
          canWrite ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t("credentials.page.newCredential")}
            </Button>
          ) : null
        }
      />
      {credentials.isPending ? (
        <LoadingState label={t("credentials.page.loading")} />
      ) : credentials.isError ? (
        <ErrorState
          title={t("credentials.page.loadError")}
          error={credentials.error}
          onRetry={() => void credentials.refetch()}
        />
      ) : credentials.data.length === 0 ? (
        <EmptyState
          title={t("credentials.page.emptyTitle")}
          description={t("credentials.page.emptyDescription")}
        />
      ) : (
        <TableCard caption={t("credentials.routes.credentials")} minWidth={700}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("common.fields.name")}</Table.Th>
              <Table.Th>{t("common.fields.type")}</Table.Th>
              <Table.Th>{t("credentials.page.username")}</Table.Th>
              <Table.Th>{t("common.fields.updated")}</Table.Th>
              {canWrite ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
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
                        {t("credentials.page.preferred")}
                      </Badge>
                    ) : null}
                  </Group>
                  {c.description ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {c.description}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{t(credentialTypeText[c.type])}</Table.Td>
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
