import { useEffect, useRef } from "react";
import { Box, DEFAULT_THEME, useComputedColorScheme } from "@mantine/core";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { useT } from "../../../i18n";
import type { ChartModel } from "./metric-shaping";
import { byteRateAxis } from "./axis-ticks";
import type { AlertMarker, ThresholdLine } from "./chart-overlays";

/** Colours of the overlays: thresholds, opened and reset alerts (Mantine palette names). */
export const OVERLAY_COLORS = { threshold: "red", trigger: "orange", reset: "green" } as const;

export function overlayColor(kind: keyof typeof OVERLAY_COLORS, scheme: "light" | "dark"): string {
  const name = OVERLAY_COLORS[kind];
  const shade = scheme === "dark" ? 4 : 7;
  return cssVar(`--mantine-color-${name}-${shade}`, DEFAULT_THEME.colors[name][shade]);
}

/** Theme colours of the lines, in order (Mantine palette names). */
export const LINE_COLORS = ["blue", "teal", "grape", "orange", "cyan", "pink", "lime", "indigo"] as const;

/** A CSS variable of the current theme as the browser resolved it (uPlot draws on a canvas: no var() there). */
function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export function lineColor(index: number, scheme: "light" | "dark"): string {
  const name = LINE_COLORS[index % LINE_COLORS.length]!;
  const shade = scheme === "dark" ? 4 : 7;
  // The theme's variable when the page has it, else the same colour from Mantine's default palette.
  return cssVar(`--mantine-color-${name}-${shade}`, DEFAULT_THEME.colors[name][shade]);
}

interface MetricChartProps {
  model: ChartModel;
  /** Names of the lines, in the model's order. */
  names: string[];
  /** Formats an axis value in the chart's unit. */
  format: (value: number) => string;
  height?: number;
  /** Condition thresholds, drawn as dashed horizontal lines. */
  thresholds?: readonly ThresholdLine[];
  /** When alerts opened and were reset, drawn as vertical lines. */
  markers?: readonly AlertMarker[];
}

const none: readonly never[] = [];

/**
 * One uPlot time-series chart. Hidden from screen readers: the summary table beside it says the
 * same in text. Redrawn when the data or the colour scheme changes, resized with its container.
 */
export function MetricChart({
  model,
  names,
  format,
  height = 160,
  thresholds = none,
  markers = none,
}: MetricChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme("light");
  const t = useT();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const text = cssVar("--mantine-color-dimmed", scheme === "dark" ? "#909296" : "#495057");
    const grid = cssVar("--mantine-color-default-border", scheme === "dark" ? "#424242" : "#dee2e6");
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    // Rates get ticks in one unit that fits their range: small traffic never shows one label on several lines.
    const rate = byteRateAxis((value) => t("devices.metrics.perSecond", { value }));
    const yScale: uPlot.Scale = model.unit === "percent" ? { range: [0, 100] } : rate.scale;
    const yTicks: Pick<uPlot.Axis, "splits" | "values"> =
      model.unit === "percent" ? { values: (_u, splits) => splits.map(format) } : rate.axis;
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      hooks: {
        draw: [
          (u: uPlot) => {
            const ctx = u.ctx;
            const { left, top, width, height: h } = u.bbox;
            ctx.save();
            ctx.lineWidth = 1.5 * devicePixelRatio;
            ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
            ctx.strokeStyle = overlayColor("threshold", scheme);
            for (const line of thresholds) {
              const y = u.valToPos(line.value, "y", true);
              if (y < top || y > top + h) continue;
              ctx.beginPath();
              ctx.moveTo(left, y);
              ctx.lineTo(left + width, y);
              ctx.stroke();
            }
            ctx.setLineDash([]);
            for (const marker of markers) {
              const x = u.valToPos(marker.at, "x", true);
              if (x < left || x > left + width) continue;
              ctx.strokeStyle = overlayColor(marker.kind, scheme);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + h);
              ctx.stroke();
            }
            ctx.restore();
          },
        ],
      },
      scales: { y: yScale },
      axes: [axis, { ...axis, size: 70, ...yTicks }],
      series: [
        {},
        ...model.lines.map((line, i) => ({
          label: names[i] ?? line.key,
          stroke: lineColor(i, scheme),
          width: 1.5,
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => (v === null ? "" : format(v)),
        })),
      ],
    };
    const data = [model.times, ...model.lines.map((l) => l.values)] as uPlot.AlignedData;
    const plot = new uPlot(options, data, element);
    const observer =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: Math.max(200, element.clientWidth), height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [model, names, format, height, scheme, thresholds, markers, t]);
  return <Box ref={ref} aria-hidden="true" data-testid={`metric-chart-${model.id}`} mih={height} />;
}
