import type { ReactNode } from "react";
import { Badge, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheckFilled, IconCircleDashed, IconCloudUpload } from "@tabler/icons-react";
import { Link } from "react-router";
import type { GettingStarted } from "@steward/contracts";
import { PageHeader, QueryView } from "../../../ui";
import { RequestDemoButton } from "../../promotion";
import { useGettingStarted } from "../api";

interface Step {
  key: keyof GettingStarted;
  title: string;
  description: string;
  to: string;
  action: string;
}

const steps: Step[] = [
  {
    key: "organizationCreated",
    title: "Create an organization",
    description: "Organizations are the customers you manage; each starts with a Main Office location.",
    to: "/administration/customers/organizations",
    action: "Go to organizations",
  },
  {
    key: "technicianInvited",
    title: "Invite a technician",
    description: "Give your colleagues their own sign-in; every account uses two-factor authentication.",
    to: "/administration/users/technicians",
    action: "Go to technicians",
  },
  {
    key: "firstDevice",
    title: "Add your first device",
    description: "Install the Steward agent on a computer so it reports to the console.",
    to: "/administration/library/downloads",
    action: "Go to downloads",
  },
];

function StepRow({ step, done }: { step: Step; done: boolean }): ReactNode {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`step-${step.key}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="transparent" color={done ? "teal" : "gray"} size={28}>
            {done ? <IconCircleCheckFilled size={26} /> : <IconCircleDashed size={26} />}
          </ThemeIcon>
          <div>
            <Group gap="xs">
              <Text fw={600}>{step.title}</Text>
              {done ? (
                <Badge color="teal" variant="light">
                  Done
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  To do
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {step.description}
            </Text>
          </div>
        </Group>
        <Button component={Link} to={step.to} variant={done ? "default" : "filled"} style={{ flexShrink: 0 }}>
          {step.action}
        </Button>
      </Group>
    </Paper>
  );
}

export function GetStartedPage() {
  const progress = useGettingStarted();
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Get started"
        description="A few steps to set up Steward for your team and your customers."
      />
      <QueryView query={progress} errorTitle="Could not load your setup progress">
        {(data) => {
          const done = steps.filter((step) => data[step.key]).length;
          return (
            <Stack gap="md">
              <Group justify="space-between">
                <Text fw={600}>
                  {done} of {steps.length} steps done
                </Text>
                <Progress value={(done / steps.length) * 100} w={240} aria-label="Setup progress" />
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
              <Title order={4}>Backup</Title>
              <Text size="sm" c="dimmed">
                Cloud and local backup for the devices you manage. See it in a guided demo.
              </Text>
            </div>
          </Group>
          <RequestDemoButton variant="light" style={{ flexShrink: 0 }} />
        </Group>
      </Paper>
    </Stack>
  );
}
