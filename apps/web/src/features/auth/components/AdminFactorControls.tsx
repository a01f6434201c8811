import { useState } from "react";
import { Button, Card, Group, MultiSelect, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MfaFactorType, RoleMfaRequirements } from "@steward/contracts";
import { api, describeError } from "../../../api";
import { useT } from "../../../i18n";
import { confirmAction } from "../../../ui";

const FACTOR_TYPES: MfaFactorType[] = ["TOTP", "U2F", "SMS", "DUO"];
const requirementsKey = (roleId: number) => ["auth", "role-mfa-requirements", roleId] as const;

/** The role editor's field: which factor types a role's technicians must sign in with. */
export function RoleFactorRequirements({ roleId, readOnly }: { roleId: number; readOnly: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: requirementsKey(roleId),
    queryFn: () => api.get<RoleMfaRequirements>(`/roles/${roleId}/mfa-requirements`),
  });
  // The administrator's unsaved choice; null while it equals what is saved.
  const [edited, setEdited] = useState<MfaFactorType[] | null>(null);
  const saved = query.data?.factors ?? [];
  const draft = edited ?? saved;
  const save = useMutation({
    mutationFn: (factors: MfaFactorType[]) =>
      api.put<RoleMfaRequirements>(`/roles/${roleId}/mfa-requirements`, { factors }),
    onSuccess: (result) => {
      queryClient.setQueryData(requirementsKey(roleId), result);
      setEdited(null);
      notifications.show({ color: "green", message: t("auth.admin.requirementsSaved") });
    },
    onError: (error) => notifications.show({ color: "red", message: describeError(error) }),
  });
  const changed = JSON.stringify([...draft].sort()) !== JSON.stringify([...saved].sort());
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <MultiSelect
          label={t("auth.admin.requiredFactors")}
          description={t("auth.admin.requiredFactorsHint")}
          placeholder={draft.length === 0 ? t("auth.admin.anyFactor") : undefined}
          data={FACTOR_TYPES.map((type) => ({ value: type, label: t(`auth.prompt.methods.${type}`) }))}
          value={draft}
          onChange={(value) => setEdited(value as MfaFactorType[])}
          disabled={readOnly || query.isPending}
          error={query.isError ? describeError(query.error) : undefined}
        />
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button size="xs" onClick={() => save.mutate(draft)} loading={save.isPending} disabled={!changed}>
              {t("auth.admin.saveRequirements")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The technician editor's reset: removes every second factor; the technician enrolls anew. */
export function ResetFactorsButton({ userId, name }: { userId: number; name: string }) {
  const t = useT();
  const reset = useMutation({
    // The technicians module's reset: it keeps its guards (not oneself; only system administrators
    // reset a system administrator) and asks for a fresh second factor.
    mutationFn: () => api.post(`/technicians/${userId}/reset-mfa`),
    onSuccess: () => notifications.show({ color: "green", message: t("auth.admin.resetDone", { name }) }),
    onError: (error) => notifications.show({ color: "red", message: describeError(error) }),
  });
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{t("auth.admin.resetTitle")}</Text>
          <Text size="sm" c="dimmed">
            {t("auth.admin.resetHint")}
          </Text>
        </Stack>
        <Button
          color="red"
          variant="light"
          loading={reset.isPending}
          onClick={() =>
            confirmAction({
              title: t("auth.admin.resetConfirmTitle", { name }),
              message: t("auth.admin.resetHint"),
              confirmLabel: t("auth.admin.reset"),
              onConfirm: () => reset.mutate(),
            })
          }
        >
          {t("auth.admin.reset")}
        </Button>
      </Group>
    </Card>
  );
}
