import { Alert, Select } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import {
  ERROR_LOADING_CREDENTIALS,
  builtInRunAsChoices,
  credentialRunAsValue,
  credentialTypesFor,
  type RunAsOs,
} from "@steward/domain";
import { useCredentials } from "../../credentials";

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
  const credentials = useCredentials(organizationId);
  const builtIns = os ? builtInRunAsChoices[os] : builtInRunAsChoices.LINUX.slice(0, 1);
  const fitting = new Set<string>(os ? credentialTypesFor[os] : ["OTHER"]);
  // On failure: "Error loading credentials" is shown and an empty list is used.
  const stored = credentials.isError ? [] : (credentials.data ?? []).filter((c) => fitting.has(c.type));
  const groups = [
    { group: "Run as", items: builtIns.map((c) => ({ value: c.value, label: c.label })) },
    ...(stored.length
      ? [
          {
            group: "Stored credentials",
            items: stored.map((c) => ({
              value: credentialRunAsValue(c.id),
              label: `${c.name} (${c.username})`,
            })),
          },
        ]
      : []),
  ];
  return { groups, credentialsFailed: credentials.isError, loading: credentials.isLoading };
}

export function RunAsSelect({ os, organizationId, value, onChange, disabled }: RunAsSelectProps) {
  const { groups, credentialsFailed, loading } = useRunAsOptions(os, organizationId);
  return (
    <>
      <Select
        label="Run As"
        allowDeselect={false}
        data={groups}
        value={value}
        disabled={disabled}
        onChange={(v) => onChange(v ?? "System")}
        description={loading ? "Loading credentials…" : undefined}
      />
      {credentialsFailed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={16} />} role="alert" py={6}>
          {ERROR_LOADING_CREDENTIALS}
        </Alert>
      ) : null}
    </>
  );
}
