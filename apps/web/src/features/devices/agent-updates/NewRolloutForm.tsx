import { useState } from "react";
import { Button, Group, NumberInput, Paper, Select, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { AgentRelease } from "@steward/contracts";
import { describeError } from "../../../api";
import { useT } from "../../../i18n";
import { useStartRollout } from "./api";

/** "10, 50, 100" as percentage rings; null when a part is not a whole percentage. */
export function parseRings(text: string): { kind: "percent"; percent: number }[] | null {
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0 || parts.length > 10) return null;
  const rings = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  if (rings.some((n) => !(n >= 1 && n <= 100))) return null;
  return rings.map((percent) => ({ kind: "percent", percent }));
}

/** Starts a rollout of a published version over percentage rings. */
export function NewRolloutForm({ releases }: { releases: AgentRelease[] }) {
  const t = useT();
  const versions = [...new Set(releases.map((r) => r.version))];
  const [version, setVersion] = useState<string | null>(versions[0] ?? null);
  const [rings, setRings] = useState("10, 100");
  const [ringsError, setRingsError] = useState<string | null>(null);
  const [maxConcurrent, setMaxConcurrent] = useState<number | string>(500);
  const [healthSeconds, setHealthSeconds] = useState<number | string>(300);
  const start = useStartRollout();

  const submit = () => {
    const parsed = parseRings(rings);
    setRingsError(parsed ? null : t("devices.rollouts.ringsInvalid"));
    if (!parsed || !version) return;
    start.mutate(
      {
        version,
        rings: parsed,
        maxConcurrent: Number(maxConcurrent) || 500,
        healthSeconds: Number(healthSeconds) || 300,
      },
      {
        onSuccess: (rollout) =>
          notifications.show({
            color: "green",
            message: t("devices.rollouts.started", { version: rollout.version }),
          }),
        onError: (e) => notifications.show({ color: "red", message: describeError(e) }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="new-rollout">
      <Title order={4} mb="sm">
        {t("devices.rollouts.newRollout")}
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label={t("devices.rollouts.version")}
          data={versions}
          value={version}
          onChange={setVersion}
          allowDeselect={false}
          w={140}
        />
        <TextInput
          label={t("devices.rollouts.rings")}
          description={t("devices.rollouts.ringsDescription")}
          value={rings}
          onChange={(e) => setRings(e.currentTarget.value)}
          error={ringsError}
          maxLength={60}
          style={{ flex: 1, minWidth: 220 }}
        />
        <NumberInput
          label={t("devices.rollouts.maxConcurrent")}
          value={maxConcurrent}
          onChange={setMaxConcurrent}
          min={1}
          max={100_000}
          allowDecimal={false}
          w={200}
        />
        <NumberInput
          label={t("devices.rollouts.healthSeconds")}
          value={healthSeconds}
          onChange={setHealthSeconds}
          min={10}
          max={3600}
          allowDecimal={false}
          w={200}
        />
      </Group>
      <Group justify="flex-end" mt="md">
        <Button onClick={submit} loading={start.isPending} disabled={!version}>
          {t("devices.rollouts.start")}
        </Button>
      </Group>
    </Paper>
  );
}
