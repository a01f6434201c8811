import type { ReactNode } from "react";
import { Group, Paper, Text, ThemeIcon } from "@mantine/core";
import { Link } from "react-router";
import { formatNumber, useT } from "../i18n";

interface StatCardProps {
  /** A name for tests that stays the same in every language ("stat-<testId>"). */
  testId: string;
  label: string;
  value: number;
  icon: ReactNode;
  to?: string;
}

export function StatCard({ testId, label, value, icon, to }: StatCardProps) {
  const t = useT();
  const shown = formatNumber(value);
  const body = (
    <Paper withBorder p="md" radius="md" data-testid={`stat-${testId}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text c="dimmed" size="xs" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text fw={700} fz={32} lh={1.2} aria-label={t("ui.statCard.value", { label, value: shown })}>
            {shown}
          </Text>
        </div>
        <ThemeIcon variant="light" size={38} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
  if (!to) return body;
  return (
    <Link to={to} style={{ textDecoration: "none", color: "inherit" }}>
      {body}
    </Link>
  );
}
