import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Group, Modal, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { Link } from "react-router";
import type { EnrollmentToken, EnrollmentTokenSecret } from "@steward/contracts";
import { describeError } from "../../../api";
import { parseId } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, PageHeader, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { useOrganization, useOrganizationOptions } from "../../organizations";
import {
  AGENT_DOWNLOAD_URL,
  useEnrollmentTokens,
  useRevealEnrollmentToken,
  useRevokeEnrollmentToken,
} from "../api";
import { CreateTokenForm } from "../components/CreateTokenForm";
import { InstallCommands, NODE_REQUIREMENT } from "../components/InstallCommands";
import { TokensTable } from "../components/TokensTable";

export function DownloadsPage() {
  const can = useCan();
  const canManage = can("enrollment.manage");
  const [params, setParams] = useSearchParams();
  const organizations = useOrganizationOptions();
  const requestedOrg = parseId(params.get("organizationId"));
  const organizationId = requestedOrg ?? organizations.data?.[0]?.id ?? null;
  const organization = useOrganization(organizationId ?? 0);
  const locations = organization.data?.locations ?? [];
  const requestedLocation = parseId(params.get("locationId"));
  const locationId =
    locations.find((l) => l.id === requestedLocation)?.id ??
    locations.find((l) => l.isDefault)?.id ??
    locations[0]?.id ??
    null;

  const [created, setCreated] = useState<EnrollmentTokenSecret | null>(null);
  const [shown, setShown] = useState<EnrollmentTokenSecret | null>(null);

  const select = (key: "organizationId" | "locationId", value: string | null) => {
    setCreated(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === "organizationId") next.delete("locationId");
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Downloads"
        description="Install the Steward agent on a device: pick where it belongs, create an install command, run it on the device."
        actions={
          <Button
            component="a"
            href={AGENT_DOWNLOAD_URL}
            download="steward-agent.mjs"
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Download agent
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        The agent is one JavaScript file (steward-agent.mjs) for Linux, macOS and Windows. {NODE_REQUIREMENT}
      </Text>

      {organizations.isPending ? (
        <LoadingState label="Loading organizations…" />
      ) : organizations.isError ? (
        <ErrorState
          title="Could not load organizations"
          error={organizations.error}
          onRetry={() => void organizations.refetch()}
        />
      ) : organizations.data.length === 0 ? (
        <EmptyState
          title="No organizations yet"
          description="Every device belongs to a location of an organization. Create an organization first, then come back for its install command."
          action={
            <Button component={Link} to="/administration/customers/organizations?create=1">
              Create organization
            </Button>
          }
        />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Title order={4}>Install command</Title>
              <Group grow align="flex-start">
                <Select
                  label="Organization"
                  searchable
                  allowDeselect={false}
                  data={organizations.data.map((o) => ({ value: String(o.id), label: o.name }))}
                  value={organizationId ? String(organizationId) : null}
                  onChange={(value) => select("organizationId", value)}
                />
                <Select
                  label="Location"
                  searchable
                  allowDeselect={false}
                  disabled={organization.isPending}
                  placeholder={organization.isPending ? "Loading locations…" : undefined}
                  data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
                  value={locationId ? String(locationId) : null}
                  onChange={(value) => select("locationId", value)}
                  error={organization.isError ? describeError(organization.error) : undefined}
                />
              </Group>
              {organizationId !== null && canManage ? (
                <CreateTokenForm
                  // Not keyed by the location: it resolves once the organization loads, and a
                  // remount then would drop what the user already typed.
                  key={organizationId}
                  organizationId={organizationId}
                  locationId={locationId}
                  onCreated={setCreated}
                />
              ) : !canManage ? (
                <Text size="sm" c="dimmed">
                  You may see enrollment tokens but not create them. Ask a system administrator for the
                  enrollment permission.
                </Text>
              ) : null}
              {created ? <InstallCommands secret={created} /> : null}
            </Stack>
          </Paper>
          {organizationId !== null ? (
            <TokensSection organizationId={organizationId} canManage={canManage} onShow={setShown} />
          ) : null}
        </>
      )}
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown ? `Install command: ${shown.token.name || `Token ${shown.token.id}`}` : ""}
        size="xl"
      >
        {shown ? <InstallCommands secret={shown} /> : null}
      </Modal>
    </Stack>
  );
}

function TokensSection({
  organizationId,
  canManage,
  onShow,
}: {
  organizationId: number;
  canManage: boolean;
  onShow: (secret: EnrollmentTokenSecret) => void;
}) {
  const tokens = useEnrollmentTokens(organizationId);
  const reveal = useRevealEnrollmentToken();
  const revoke = useRevokeEnrollmentToken();

  const handleShow = (token: EnrollmentToken) =>
    reveal.mutate(token.id, {
      onSuccess: onShow,
      onError: (error) =>
        notifications.show({
          color: "red",
          title: "Could not show the command",
          message: describeError(error),
        }),
    });

  const handleRevoke = (token: EnrollmentToken) =>
    confirmAction({
      title: "Revoke enrollment token",
      message: `Devices can no longer enroll with "${token.name || `Token ${token.id}`}". Devices already enrolled stay. Revoke it?`,
      confirmLabel: "Revoke",
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notifications.show({ color: "teal", message: "Enrollment token revoked" }),
          onError: (error) =>
            notifications.show({
              color: "red",
              title: "Could not revoke the token",
              message: describeError(error),
            }),
        }),
    });

  return (
    <Stack gap="sm">
      <Title order={4}>Enrollment tokens</Title>
      {tokens.isPending ? (
        <LoadingState label="Loading enrollment tokens…" />
      ) : tokens.isError ? (
        <ErrorState
          title="Could not load enrollment tokens"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyState
          title="No enrollment tokens yet"
          description="Create an install command above; its token shows here with its uses and expiry."
        />
      ) : (
        <Paper withBorder radius="md">
          <TokensTable
            tokens={tokens.data}
            canManage={canManage}
            onShow={handleShow}
            onRevoke={handleRevoke}
            busyId={reveal.isPending ? (reveal.variables ?? null) : null}
          />
        </Paper>
      )}
    </Stack>
  );
}
