import { Alert, Select } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { builtInRunAsChoices, credentialRunAsValue, credentialTypesFor, type RunAsOs } from "@steward/domain";
import { useT } from "../../../i18n";
import { useCredentials } from "../../credentials";
import { runAsChoiceText } from "../labels";

interface RunAsSelectProps {
  /** The target devices' OS; null when unknown or mixed (only System and "Other" credentials). */
  os: RunAsOs | null;
  organizationId: number | null;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The spec's Run As choices per OS, plus the organization's stored credentials that fit. */
export function useRunAsOptions(os: RunAsOs | null, organizationId: number | null) {
  const t = useT();
  const credentials = useCredentials(organizationId);
  const builtIns = os ? builtInRunAsChoices[os] : builtInRunAsChoices.LINUX.slice(0, 1);
  const fitting = new Set<string>(os ? credentialTypesFor[os] : ["OTHER"]);
  // On failure: "Error loading credentials" is shown and an empty list is used.
  const stored = credentials.isError ? [] : (credentials.data ?? []).filter((c) => fitting.has(c.type));
  const groups = [
    {
      group: t("scripts.runAs.builtIn"),
      items: builtIns.map((c) => {
        const label = runAsChoiceText[c.value];
        return { value: c.value, label: label ? t(label) : c.label };
      }),
    },
    ...(stored.length
      ? [
          {
            group: t("scripts.runAs.stored"),
            items: stored.map((c) => ({
              value: credentialRunAsValue(c.id),
              label: t("scripts.runAs.credential", { name: c.name, username: c.username }),
            })),
          },
        ]
      : []),
  ];
  return { groups, credentialsFailed: credentials.isError, loading: credentials.isLoading };
}

export function RunAsSelect({ os, organizationId, value, onChange, disabled }: RunAsSelectProps) {
  const t = useT();
  const { groups, credentialsFailed, loading } = useRunAsOptions(os, organizationId);
  return (
    <>
      <Select
        label={t("scripts.runAs.label")}
        allowDeselect={false}
        data={groups}
        value={value}
        disabled={disabled}
        onChange={(v) => onChange(v ?? "System")}
        description={loading ? t("scripts.runAs.loading") : undefined}
      />
      {credentialsFailed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert" py={6}>
          {t("scripts.runAs.loadError")}
        </Alert>
      ) : null}
    </>
  );
}
