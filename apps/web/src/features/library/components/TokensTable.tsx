import { Badge, Button, Group, Table, Text } from "@mantine/core";
import type { EnrollmentToken } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { formatDateTime, ListTable } from "../../../ui";

const stateColors: Record<EnrollmentToken["state"], string> = {
  ACTIVE: "teal",
  EXPIRED: "gray",
  REVOKED: "red",
  EXHAUSTED: "orange",
};

const stateText: Record<EnrollmentToken["state"], MessageKey> = {
  ACTIVE: "library.tokens.states.ACTIVE",
  EXPIRED: "library.tokens.states.EXPIRED",
  REVOKED: "library.tokens.states.REVOKED",
  EXHAUSTED: "library.tokens.states.EXHAUSTED",
};

interface TokensTableProps {
  tokens: EnrollmentToken[];
  canManage: boolean;
  onShow: (token: EnrollmentToken) => void;
  onRevoke: (token: EnrollmentToken) => void;
  busyId: number | null;
}

/**
 * Enrollment tokens of an organization: state and expiry, uses; show the command again or revoke.
 * Five columns so that the actions stay in view at 1024 px.
 */
export function TokensTable({ tokens, canManage, onShow, onRevoke, busyId }: TokensTableProps) {
  const t = useT();
  return (
    <ListTable caption={t("library.tokens.title")} minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("common.fields.name")}</Table.Th>
          <Table.Th>{t("common.fields.location")}</Table.Th>
          <Table.Th>{t("library.tokens.state")}</Table.Th>
          <Table.Th>{t("library.tokens.uses")}</Table.Th>
          {canManage ? <Table.Th aria-label={t("common.fields.actions")} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => {
          const label = token.name || t("library.tokens.unnamed", { id: token.id });
          return (
            <Table.Tr key={token.id} data-testid={`token-row-${token.id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("library.tokens.createdAt", { date: formatDateTime(token.createdAt) })}
                </Text>
              </Table.Td>
              <Table.Td>{token.locationName}</Table.Td>
              <Table.Td>
                <Badge color={stateColors[token.state]} variant="light">
                  {t(stateText[token.state])}
                </Badge>
                <Text size="xs" c="dimmed">
                  {token.state === "REVOKED" && token.revokedAt
                    ? t("library.tokens.revokedAt", { date: formatDateTime(token.revokedAt) })
                    : t(token.state === "EXPIRED" ? "library.tokens.expiredAt" : "library.tokens.expiresAt", {
                        date: formatDateTime(token.expiresAt),
                      })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {token.maxUses === null
                    ? t("library.tokens.unlimited", { used: token.useCount })
                    : t("library.tokens.useCount", { used: token.useCount, max: token.maxUses })}
                </Text>
                <Text size="xs" c="dimmed">
                  {token.lastUsedAt
                    ? t("library.tokens.lastUsed", { date: formatDateTime(token.lastUsedAt) })
                    : t("library.tokens.neverUsed")}
                </Text>
              </Table.Td>
              {canManage ? (
                <Table.Td>
                  {token.state === "ACTIVE" ? (
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => onShow(token)}
                        loading={busyId === token.id}
                        aria-label={t("library.tokens.showCommandFor", { name: label })}
                      >
                        {t("library.tokens.showCommand")}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onRevoke(token)}
                        aria-label={t("library.tokens.revokeNamed", { name: label })}
                      >
                        {t("library.tokens.revoke")}
                      </Button>
                    </Group>
                  ) : null}
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ListTable>
  );
}
