import { useState } from "react";
import { Autocomplete, Button, Group, Select, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useT } from "../../../i18n";
import { ACTION_SUGGESTIONS, outcomeText } from "./audit-filters";

interface AuditFilterBarProps {
  /** The page URL's filter parameters. */
  params: URLSearchParams;
  /** Sets one URL parameter (null removes it). */
  onChange: (name: string, value: string | null) => void;
  onClear: () => void;
  organizations: { value: string; label: string }[];
  filtered: boolean;
}

/** A text filter that writes to the URL once typing pauses, and follows the URL when it changes elsewhere. */
function useDebouncedParam(initial: string, onSettled: (value: string) => void) {
  const [value, setValue] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // The URL changed (Clear filters, back button, or this field's own write): the field shows it.
  if (initial !== seen) {
    setSeen(initial);
    if (value.trim() !== initial) setValue(initial);
  }
  const write = useDebouncedCallback((v: string) => {
    if (v !== initial) onSettled(v);
  }, 350);
  const change = (v: string) => {
    setValue(v);
    write(v.trim());
  };
  return [value, change] as const;
}

/** Search, actor, action, organization, outcome and date range of the audit log. */
export function AuditFilterBar({ params, onChange, onClear, organizations, filtered }: AuditFilterBarProps) {
  const t = useT();
  const [q, setQ] = useDebouncedParam(params.get("q") ?? "", (v) => onChange("q", v || null));
  const [actor, setActor] = useDebouncedParam(params.get("actor") ?? "", (v) => onChange("actor", v || null));
  const [action, setAction] = useDebouncedParam(params.get("action") ?? "", (v) =>
    onChange("action", v || null),
  );

  return (
    <Group gap="sm" align="flex-end">
      <TextInput
        label={t("audit.filters.search")}
        placeholder={t("audit.filters.searchPlaceholder")}
        leftSection={<IconSearch size={16} />}
        w={240}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <TextInput
        label={t("audit.filters.actor")}
        placeholder={t("audit.filters.actorPlaceholder")}
        w={180}
        value={actor}
        onChange={(e) => setActor(e.currentTarget.value)}
      />
      <Autocomplete
        label={t("audit.filters.action")}
        placeholder={t("audit.filters.anyAction")}
        w={180}
        data={ACTION_SUGGESTIONS}
        value={action}
        onChange={setAction}
      />
      <Select
        label={t("audit.filters.organization")}
        placeholder={t("audit.filters.anyOrganization")}
        w={200}
        searchable
        clearable
        data={organizations}
        value={params.get("organization")}
        onChange={(v) => onChange("organization", v)}
      />
      <Select
        label={t("audit.filters.outcome")}
        placeholder={t("audit.filters.anyOutcome")}
        w={140}
        clearable
        data={(["SUCCESS", "FAILURE"] as const).map((o) => ({ value: o, label: t(outcomeText[o]) }))}
        value={params.get("outcome")}
        onChange={(v) => onChange("outcome", v)}
      />
      <TextInput
        label={t("audit.filters.from")}
        type="date"
        w={150}
        value={params.get("from") ?? ""}
        max={params.get("to") ?? undefined}
        onChange={(e) => onChange("from", e.currentTarget.value || null)}
      />
      <TextInput
        label={t("audit.filters.to")}
        type="date"
        w={150}
        value={params.get("to") ?? ""}
        min={params.get("from") ?? undefined}
        onChange={(e) => onChange("to", e.currentTarget.value || null)}
      />
      {filtered ? (
        <Button variant="subtle" onClick={onClear}>
          {t("audit.filters.clear")}
        </Button>
      ) : null}
    </Group>
  );
}
