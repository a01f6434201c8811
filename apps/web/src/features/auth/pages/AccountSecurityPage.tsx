import { useState } from "react";
import { Badge, Button, Card, Group, Modal, Stack, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { MfaCompletedResponse, MfaFactorType } from "@steward/contracts";
import { useT } from "../../../i18n";
import { confirmAction, EmptyState, ErrorState, formatDate, LoadingState, PageHeader } from "../../../ui";
import { useMfaFactors, useRemoveFactor } from "../mfa-api";
import { DuoStart, SecurityKeyEnroll, SmsEnroll } from "../components/FactorPanels";
import { RecoveryCodesPanel } from "../components/RecoveryCodesPanel";

type Adding = Extract<MfaFactorType, "U2F" | "SMS" | "DUO">;

/** The signed-in user's second factors: see them, add security keys, phones or Duo, remove them. */
export function AccountSecurityPage() {
  const t = useT();
  // An authenticator app has no name of its own (the server stores a fixed English one): it is
  // shown by its method's name in the technician's language.
  const nameOf = (factor: { type: string; name: string }) =>
    factor.type === "TOTP" ? t("auth.prompt.methods.TOTP") : factor.name;
  const factors = useMfaFactors();
  const remove = useRemoveFactor();
  const [adding, setAdding] = useState<Adding | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const available = factors.data?.available ?? [];

  const added = (result: MfaCompletedResponse) => {
    setAdding(null);
    if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
    notifications.show({ color: "green", message: t("auth.account.addedFactor") });
  };

  const addButtons: { type: Adding; label: string }[] = [
    { type: "U2F" as const, label: t("auth.account.addKey") },
    { type: "SMS" as const, label: t("auth.account.addSms") },
    { type: "DUO" as const, label: t("auth.account.addDuo") },
  ].filter((b) => available.includes(b.type));

  return (
    <Stack gap="md">
      <PageHeader
        title={t("auth.account.title")}
        description={t("auth.account.description")}
        actions={
          <Group gap="xs">
            {addButtons.map((b) => (
              <Button key={b.type} variant="default" onClick={() => setAdding(b.type)}>
                {b.label}
              </Button>
            ))}
          </Group>
        }
      />
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {t("auth.account.factors")}
        </Text>
        {factors.isPending ? (
          <LoadingState />
        ) : factors.isError ? (
          <ErrorState
            title={t("auth.account.loadError")}
            error={factors.error}
            onRetry={() => void factors.refetch()}
          />
        ) : factors.data.items.length === 0 ? (
          <EmptyState title={t("auth.account.empty")} />
        ) : (
          <Table verticalSpacing="xs" aria-label={t("auth.account.factorsTable")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("auth.account.columnMethod")}</Table.Th>
                <Table.Th>{t("auth.account.columnName")}</Table.Th>
                <Table.Th>{t("auth.account.columnAdded")}</Table.Th>
                <Table.Th ta="right">{t("auth.account.columnActions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {factors.data.items.map((factor) => (
                <Table.Tr key={factor.id} data-factor-type={factor.type}>
                  <Table.Td>
                    <Badge variant="light">{t(`auth.prompt.methods.${factor.type}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {nameOf(factor)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {t("auth.account.added", { date: formatDate(factor.createdAt) })}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t("auth.account.removeNamed", { name: nameOf(factor) })}
                      onClick={() =>
                        confirmAction({
                          title: t("auth.account.removeTitle", { name: nameOf(factor) }),
                          message: t("auth.account.removeBody"),
                          confirmLabel: t("auth.account.remove"),
                          onConfirm: () =>
                            remove.mutate(factor.id, {
                              onSuccess: () =>
                                notifications.show({ color: "green", message: t("auth.account.removed") }),
                            }),
                        })
                      }
                    >
                      {t("auth.account.remove")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <Modal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        title={adding ? addButtons.find((b) => b.type === adding)?.label : ""}
        centered
      >
        {adding === "U2F" ? <SecurityKeyEnroll onDone={added} /> : null}
        {adding === "SMS" ? <SmsEnroll onDone={added} /> : null}
        {adding === "DUO" ? <DuoStart enrolling /> : null}
      </Modal>
      <Modal opened={recoveryCodes !== null} onClose={() => setRecoveryCodes(null)} size="lg" centered>
        {recoveryCodes ? (
          <RecoveryCodesPanel
            codes={recoveryCodes}
            onContinue={() => setRecoveryCodes(null)}
            continuing={false}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
