import type { ReactNode } from "react";
import { Alert, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { EnrollmentTokenSecret } from "@steward/contracts";
import { useT, type MessageKey } from "../../../i18n";
import { CommandBlock } from "../../../ui";
import { useAgentDownloads } from "../api";

const systems: { key: "linux" | "mac" | "windows"; label: string; hint: MessageKey }[] = [
  // i18n-exempt: operating system names
  { key: "linux", label: "Linux", hint: "library.install.linuxHint" },
  // i18n-exempt: operating system names
  { key: "mac", label: "macOS", hint: "library.install.macHint" },
  // i18n-exempt: operating system names
  { key: "windows", label: "Windows", hint: "library.install.windowsHint" },
];

const mono = (testId: string) => (chunks: ReactNode[]) => (
  <Text span ff="monospace" data-testid={testId} style={{ wordBreak: "break-all" }}>
    {chunks}
  </Text>
);

/** The one-line install command per OS for one enrollment token. */
export function InstallCommands({ secret }: { secret: EnrollmentTokenSecret }) {
  const t = useT();
  const downloads = useAgentDownloads();
  return (
    <Stack gap="sm">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        {t.rich("library.install.enrollsInto", {
          requirement: t(
            downloads.data?.built ? "library.install.noRequirement" : "library.install.nodeRequirement",
          ),
          location: secret.token.locationName,
          server: secret.agentServerUrl,
          strong: (chunks: ReactNode[]) => (
            <Text span fw={600}>
              {chunks}
            </Text>
          ),
          code: (chunks: ReactNode[]) => (
            <Text span ff="monospace">
              {chunks}
            </Text>
          ),
        })}
      </Alert>
      <Text size="sm" c="dimmed">
        {t.rich("library.install.checks", {
          sha: secret.agentSha256 ?? t("library.install.noAgent"),
          fingerprint: secret.serverKeyFingerprint,
          hash: mono("agent-sha256"),
          pin: mono("server-key-fingerprint"),
        })}
      </Text>
      {systems.map((system) => (
        <CommandBlock
          key={system.key}
          label={system.label}
          hint={t(system.hint)}
          command={secret.commands[system.key]}
          copyLabel={t("library.install.copy", { system: system.label })}
          testId={`install-command-${system.key}`}
        />
      ))}
    </Stack>
  );
}
