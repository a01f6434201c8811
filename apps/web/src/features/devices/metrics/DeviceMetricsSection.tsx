import { useCallback, useMemo, useState } from "react";
import {
  ColorSwatch,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useComputedColorScheme,
} from "@mantine/core";
import { METRIC_RANGES, type MetricRange } from "@steward/contracts";
import { useT, type MessageKey, type Translate } from "../../../i18n";
import { EmptyState, ErrorState, formatBytes, formatNumber, LoadingState } from "../../../ui";
import { useEffectivePolicy } from "../../policies";
import { useDeviceChartAlerts, useDeviceMetrics } from "../api";
import { alertMarkers, thresholdLines, type AlertMarker, type ThresholdLine } from "./chart-overlays";
import { MetricChart, lineColor, overlayColor } from "./MetricChart";
import { MetricSummaryTable } from "./MetricSummaryTable";
import {
  chartsOf,
  hasSamples,
  type ChartId,
  type ChartLine,
  type ChartModel,
  type MetricUnit,
} from "./metric-shaping";

const rangeText: Record<MetricRange, MessageKey> = {
  "1h": "devices.metrics.ranges.1h",
  "24h": "devices.metrics.ranges.24h",
  "7d": "devices.metrics.ranges.7d",
  "30d": "devices.metrics.ranges.30d",
};
const chartText: Record<ChartId, MessageKey> = {
  cpu: "devices.metrics.charts.cpu",
  memory: "devices.metrics.charts.memory",
  disk: "devices.metrics.charts.disk",
  network: "devices.metrics.charts.network",
};
const lineText: Record<"used" | "in" | "out", MessageKey> = {
  used: "devices.metrics.lines.used",
  in: "devices.metrics.lines.in",
  out: "devices.metrics.lines.out",
};

/** A line's name: a catalogue text, or data (a mount point) as it is. */
export function lineName(line: ChartLine, t: Translate): string {
  return line.label.kind === "message" ? t(lineText[line.label.id]) : line.label.text;
}

/** A value in a chart's unit, in the reader's number format. */
export function formatMetric(unit: MetricUnit, value: number, t: Translate): string {
  if (unit === "percent")
    return t("devices.metrics.percent", { value: formatNumber(value, { maximumFractionDigits: 1 }) });
  return t("devices.metrics.perSecond", { value: formatBytes(value, 1) });
}

function ChartCard({
  model,
  thresholds,
  markers,
}: {
  model: ChartModel;
  thresholds: ThresholdLine[];
  markers: AlertMarker[];
}) {
  const t = useT();
  const scheme = useComputedColorScheme("light");
  const names = useMemo(() => model.lines.map((l) => lineName(l, t)), [model, t]);
  const format = useCallback((v: number) => formatMetric(model.unit, v, t), [model.unit, t]);
  const title = t(chartText[model.id]);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`metric-card-${model.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={6}>{title}</Title>
          <Group gap="sm" wrap="wrap" justify="flex-end">
            {names.map((name, i) => (
              <Group key={model.lines[i]!.key} gap={4} wrap="nowrap">
                <ColorSwatch color={lineColor(i, scheme)} size={10} withShadow={false} />
                <Text size="xs" c="dimmed">
                  {name}
                </Text>
              </Group>
            ))}
            {thresholds.length > 0 ? (
              <Group
                gap={4}
                wrap="nowrap"
                title={thresholds.map((l) => `${l.name}: ${format(l.value)}`).join("\n")}
              >
                <ColorSwatch color={overlayColor("threshold", scheme)} size={10} withShadow={false} />
                <Text size="xs" c="dimmed">
                  {t("devices.metrics.overlays.threshold")}
                </Text>
              </Group>
            ) : null}
            {(["trigger", "reset"] as const)
              .filter((kind) => markers.some((m) => m.kind === kind))
              .map((kind) => (
                <Group key={kind} gap={4} wrap="nowrap">
                  <ColorSwatch color={overlayColor(kind, scheme)} size={10} withShadow={false} />
                  <Text size="xs" c="dimmed">
                    {t(
                      kind === "trigger"
                        ? "devices.metrics.overlays.opened"
                        : "devices.metrics.overlays.reset",
                    )}
                  </Text>
                </Group>
              ))}
          </Group>
        </Group>
        <MetricChart model={model} names={names} format={format} thresholds={thresholds} markers={markers} />
        <MetricSummaryTable chart={title} lines={model.lines} names={names} format={format} />
      </Stack>
    </Paper>
  );
}

/** The device overview's charts of CPU, memory, disks and network with a time-range switch. */
export function DeviceMetricsSection({ deviceId }: { deviceId: number }) {
  const t = useT();
  const [range, setRange] = useState<MetricRange>("24h");
  const query = useDeviceMetrics(deviceId, range);
  const charts = useMemo(() => (query.data ? chartsOf(query.data) : []), [query.data]);
  const policy = useEffectivePolicy(deviceId);
  const alerts = useDeviceChartAlerts(deviceId);
  // Computed once per answer, so the charts are redrawn only when something changed.
  const overlays = useMemo(
    () =>
      new Map(
        charts.map((c) => [
          c.id,
          {
            thresholds: thresholdLines(policy.data, c.id),
            markers: alertMarkers(
              alerts.data ?? [],
              c.id,
              c.times[0] ?? 0,
              (c.times.at(-1) ?? 0) + (query.data?.stepSeconds ?? 0),
            ),
          },
        ]),
      ),
    [charts, policy.data, alerts.data, query.data?.stepSeconds],
  );
  let body;
  if (query.isPending) body = <LoadingState label={t("devices.metrics.loading")} />;
  else if (query.isError)
    body = (
      <ErrorState
        title={t("devices.metrics.loadError")}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (!hasSamples(query.data))
    body = (
      <EmptyState title={t("devices.metrics.empty")} description={t("devices.metrics.emptyDescription")} />
    );
  else
    body = (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {charts.map((c) => (
          <ChartCard key={c.id} model={c} {...overlays.get(c.id)!} />
        ))}
      </SimpleGrid>
    );
  return (
    <Paper withBorder radius="md" p="md" data-testid="device-metrics">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t("devices.metrics.title")}</Title>
        <SegmentedControl
          size="xs"
          aria-label={t("devices.metrics.rangeLabel")}
          value={range}
          onChange={(v) => setRange(v as MetricRange)}
          data={METRIC_RANGES.map((r) => ({ value: r, label: t(rangeText[r]) }))}
        />
      </Group>
      {body}
    </Paper>
  );
}
