import { Badge, Button, Group, Table, Text } from "@mantine/core";
import type { EnrollmentToken } from "@steward/contracts";
import { formatDateTime, ListTable } from "../../../ui";

const stateColors: Record<EnrollmentToken["state"], string> = {
  ACTIVE: "teal",
  EXPIRED: "gray",
  REVOKED: "red",
  EXHAUSTED: "orange",
};

const stateLabels: Record<EnrollmentToken["state"], string> = {
  ACTIVE: "Active",
  EXPIRED: "Expired",
  REVOKED: "Revoked",
  EXHAUSTED: "Used up",
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
  return (
    <ListTable minWidth={640}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Uses</Table.Th>
          {canManage ? <Table.Th aria-label="Actions" /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => {
          const label = token.name || `Token ${token.id}`;
          return (
            <Table.Tr key={token.id} data-testid={`token-row-${token.id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  Created {formatDateTime(token.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>{token.locationName}</Table.Td>
              <Table.Td>
                <Badge color={stateColors[token.state]} variant="light">
                  {stateLabels[token.state]}
                </Badge>
                <Text size="xs" c="dimmed">
                  {token.state === "REVOKED" && token.revokedAt
                    ? `Revoked ${formatDateTime(token.revokedAt)}`
                    : `${token.state === "EXPIRED" ? "Expired" : "Expires"} ${formatDateTime(token.expiresAt)}`}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {`${token.useCount} / ${token.maxUses ?? "unlimited"}`}
                </Text>
                <Text size="xs" c="dimmed">
                  {token.lastUsedAt ? `Last ${formatDateTime(token.lastUsedAt)}` : "Never used"}
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
                        aria-label={`Show command for ${label}`}
                      >
                        Show command
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => onRevoke(token)}
                        aria-label={`Revoke ${label}`}
                      >
                        Revoke
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
