import { useState } from "react";
import { Button, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { conditionPriorities, conditionSeverities } from "@steward/domain";
import { useT } from "../../../i18n";
import { priorityLabel, severityLabel } from "../labels";

interface AlertFiltersProps {
  /** The page URL's parameters. */
  params: URLSearchParams;
  /** Sets one URL parameter (null removes it). */
  onChange: (name: string, value: string | null) => void;
  onClear: () => void;
  filtered: boolean;
  /** Acknowledged only means something for open alerts. */
  showAcknowledged: boolean;
}

/** A search field that writes to the URL once typing pauses and follows the URL when it changes elsewhere. */
function useDebouncedSearch(current: string, onSettled: (value: string) => void) {
  const [value, setValue] = useState(current);
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (value.trim() !== current) setValue(current);
  }
  const write = useDebouncedCallback((v: string) => {
    if (v !== current) onSettled(v);
  }, 350);
  return [
    value,
    (v: string) => {
      setValue(v);
      write(v.trim());
    },
  ] as const;
}

/** Severity, priority, acknowledged and a search over device, condition and detail. */
export function AlertFilters({ params, onChange, onClear, filtered, showAcknowledged }: AlertFiltersProps) {
  const t = useT();
  const [search, setSearch] = useDebouncedSearch(params.get("q") ?? "", (v) => onChange("q", v || null));
  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        label={t("alerts.filters.search")}
        placeholder={t("alerts.filters.searchPlaceholder")}
        leftSection={<IconSearch size={16} />}
        w={240}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <Select
        label={t("alerts.filters.severity")}
        placeholder={t("alerts.filters.any")}
        w={150}
        clearable
        data={conditionSeverities.map((s) => ({ value: s, label: t(severityLabel[s]) }))}
        value={params.get("severity")}
        onChange={(v) => onChange("severity", v)}
      />
      <Select
        label={t("alerts.filters.priority")}
        placeholder={t("alerts.filters.any")}
        w={130}
        clearable
        data={conditionPriorities.map((p) => ({ value: p, label: t(priorityLabel[p]) }))}
        value={params.get("priority")}
        onChange={(v) => onChange("priority", v)}
      />
      {showAcknowledged ? (
        <Select
          label={t("alerts.filters.acknowledged")}
          placeholder={t("alerts.filters.any")}
          w={170}
          clearable
          data={[
            { value: "true", label: t("alerts.filters.yes") },
            { value: "false", label: t("alerts.filters.no") },
          ]}
          value={params.get("ack")}
          onChange={(v) => onChange("ack", v)}
        />
      ) : null}
      {filtered ? (
        <Button variant="subtle" onClick={onClear}>
          {t("alerts.filters.clear")}
        </Button>
      ) : null}
    </Group>
  );
}
