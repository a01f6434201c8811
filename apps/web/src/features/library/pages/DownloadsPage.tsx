import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button, Group, Modal, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { Link } from "react-router";
import type { EnrollmentToken, EnrollmentTokenSecret } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { parseId } from "../../../lib/params";
import { EmptyState, ErrorState, LoadingState, PageHeader, confirmAction } from "../../../ui";
import { useCan } from "../../auth";
import { useOrganization, useOrganizationOptions } from "../../organizations";
import {
  AGENT_DOWNLOAD_URL,
  useAgentDownloads,
  useEnrollmentTokens,
  useRevealEnrollmentToken,
  useRevokeEnrollmentToken,
} from "../api";
import { AgentDownloads } from "../components/AgentDownloads";
import { CreateTokenForm } from "../components/CreateTokenForm";
import { InstallCommands } from "../components/InstallCommands";
import { TokensTable } from "../components/TokensTable";

export function DownloadsPage() {
  const t = useT();
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

  const agentDownloads = useAgentDownloads();
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
        title={t("library.routes.downloads")}
        description={t("library.downloads.description")}
        actions={
          <Button
            component="a"
            href={AGENT_DOWNLOAD_URL}
            download="steward-agent.mjs"
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            {t("library.downloads.downloadAgent")}
          </Button>
        }
      />
      {!agentDownloads.data?.built ? (
        <Text size="sm" c="dimmed">
          {t("library.downloads.agentFile", { requirement: t("library.install.nodeRequirement") })}
        </Text>
      ) : null}
      <AgentDownloads />

      {organizations.isPending ? (
        <LoadingState label={t("library.downloads.loadingOrganizations")} />
      ) : organizations.isError ? (
        <ErrorState
          title={t("library.downloads.organizationsError")}
          error={organizations.error}
          onRetry={() => void organizations.refetch()}
        />
      ) : organizations.data.length === 0 ? (
        <EmptyState
          title={t("library.downloads.noOrganizationsTitle")}
          description={t("library.downloads.noOrganizationsDescription")}
          action={
            <Button component={Link} to="/administration/customers/organizations?create=1">
              {t("library.downloads.createOrganization")}
            </Button>
          }
        />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <Title order={4}>{t("library.downloads.installCommand")}</Title>
              <Group grow align="flex-start">
                <Select
                  label={t("common.fields.organization")}
                  searchable
                  allowDeselect={false}
                  data={organizations.data.map((o) => ({ value: String(o.id), label: o.name }))}
                  value={organizationId ? String(organizationId) : null}
                  onChange={(value) => select("organizationId", value)}
                />
                <Select
                  label={t("common.fields.location")}
                  searchable
                  allowDeselect={false}
                  disabled={organization.isPending}
                  placeholder={organization.isPending ? t("library.downloads.loadingLocations") : undefined}
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
                  {t("library.downloads.noPermission")}
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
        title={
          shown
            ? t("library.downloads.shownTitle", {
                name: shown.token.name || t("library.tokens.unnamed", { id: shown.token.id }),
              })
            : ""
        }
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
  const t = useT();
  const tokens = useEnrollmentTokens(organizationId);
  const reveal = useRevealEnrollmentToken();
  const revoke = useRevokeEnrollmentToken();

  const handleShow = (token: EnrollmentToken) =>
    reveal.mutate(token.id, {
      onSuccess: onShow,
      onError: (error) =>
        notifications.show({
          color: "red",
          title: t("library.tokens.showError"),
          message: describeError(error),
        }),
    });

  const handleRevoke = (token: EnrollmentToken) =>
    confirmAction({
      title: t("library.tokens.revokeTitle"),
      message: t("library.tokens.revokeMessage", {
        name: token.name || t("library.tokens.unnamed", { id: token.id }),
      }),
      confirmLabel: t("library.tokens.revoke"),
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notifications.show({ color: "teal", message: t("library.tokens.revoked") }),
          onError: (error) =>
            notifications.show({
              color: "red",
              title: t("library.tokens.revokeError"),
              message: describeError(error),
            }),
        }),
    });

  return (
    <Stack gap="sm">
      <Title order={4}>{t("library.tokens.title")}</Title>
      {tokens.isPending ? (
        <LoadingState label={t("library.tokens.loading")} />
      ) : tokens.isError ? (
        <ErrorState
          title={t("library.tokens.loadError")}
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : tokens.data.length === 0 ? (
        <EmptyState
          title={t("library.tokens.emptyTitle")}
          description={t("library.tokens.emptyDescription")}
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
