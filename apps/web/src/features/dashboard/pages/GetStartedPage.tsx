import type { ReactNode } from "react";
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleDashed, IconCloudUpload } from "@tabler/icons-react";
import { Link } from "react-router";
import type { GettingStarted } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { PageHeader, QueryView } from "../../../ui";
import { RequestDemoButton } from "../../promotion";
import { useGettingStarted } from "../api";

interface Step {
  key: keyof GettingStarted;
  title: MessageKey;
  description: MessageKey;
  to: string;
  action: MessageKey;
}

const steps: Step[] = [
  {
    key: "organizationCreated",
    title: "dashboard.getStarted.organizationTitle",
    description: "dashboard.getStarted.organizationDescription",
    to: "/administration/customers/organizations",
    action: "dashboard.getStarted.organizationAction",
  },
  {
    key: "technicianInvited",
    title: "dashboard.getStarted.technicianTitle",
    description: "dashboard.getStarted.technicianDescription",
    to: "/administration/users/technicians",
    action: "dashboard.getStarted.technicianAction",
  },
  {
    key: "firstDevice",
    title: "dashboard.getStarted.deviceTitle",
    description: "dashboard.getStarted.deviceDescription",
    to: "/administration/library/downloads",
    action: "dashboard.getStarted.deviceAction",
  },
];

function StepRow({ step, done }: { step: Step; done: boolean }): ReactNode {
  const t = useT();
  return (
    <Paper withBorder p="md" radius="md" data-testid={`step-${step.key}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="transparent" color={done ? "teal" : "gray"} size={28}>
            {done ? <IconCircleCheckFilled size={26} /> : <IconCircleDashed size={26} />}
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Text fw={600}>{t(step.title)}</Text>
              {done ? (
                <Badge color="teal" variant="light">
                  {t("dashboard.getStarted.done")}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t("dashboard.getStarted.toDo")}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t(step.description)}
            </Text>
          </div>
        </Group>
        <Button component={Link} to={step.to} variant={done ? "default" : "filled"} style={{ flexShrink: 0 }}>
          {t(step.action)}
        </Button>
      </Group>
    </Paper>
  );
}

export function GetStartedPage() {
  const progress = useGettingStarted();
  const t = useT();
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title={t("dashboard.routes.getStarted")}
        description={t("dashboard.getStarted.description")}
      />
      <QueryView query={progress} errorTitle={t("dashboard.getStarted.loadError")}>
        {(data) => {
          const done = steps.filter((step) => data[step.key]).length;
          return (
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={600}>{t("dashboard.getStarted.progress", { done, total: steps.length })}</Text>
                <Progress
                  value={(done / steps.length) * 100}
                  w={240}
                  aria-label={t("dashboard.getStarted.progressLabel")}
                />
              </Group>
              {steps.map((step) => (
                <StepRow key={step.key} step={step} done={data[step.key]} />
              ))}
            </Stack>
          );
        }}
      </QueryView>
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <ThemeIcon variant="light" size={40} radius="md">
              <IconCloudUpload size={22} />
            </ThemeIcon>
            <div>
              <Title order={4}>{t("dashboard.getStarted.backupTitle")}</Title>
              <Text size="sm" c="dimmed">
                {t("dashboard.getStarted.backupDescription")}
              </Text>
            </div>
          </Group>
          <RequestDemoButton variant="light" style={{ flexShrink: 0 }} />
        </Group>
      </Paper>
    </Stack>
  );
}
