import { Alert, Stack, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { EnrollmentTokenSecret } from "@steward/contracts";
import { CommandBlock } from "../../../ui";

export const NODE_REQUIREMENT =
  "Node.js 20 or later must be installed on the device before you run the command.";

const systems = [
  { key: "linux", label: "Linux", hint: "Run in a terminal; asks for sudo." },
  { key: "mac", label: "macOS", hint: "Run in Terminal; asks for your administrator password." },
  { key: "windows", label: "Windows", hint: "Run in PowerShell opened as Administrator." },
] as const;

/** The one-line install command per OS for one enrollment token. */
export function InstallCommands({ secret }: { secret: EnrollmentTokenSecret }) {
  return (
    <Stack gap="sm">
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
        {NODE_REQUIREMENT} The device enrolls into{" "}
        <Text span fw={600}>
          {secret.token.locationName}
        </Text>{" "}
        and reports to{" "}
        <Text span ff="monospace">
          {secret.agentServerUrl}
        </Text>
        .
      </Alert>
      <Text size="sm" c="dimmed">
        Each command checks what it installs: the agent file&apos;s SHA-256{" "}
        <Text span ff="monospace" data-testid="agent-sha256" style={{ wordBreak: "break-all" }}>
          {secret.agentSha256 ?? "not available (the agent has not been built)"}
        </Text>{" "}
        and the fingerprint of the server&apos;s command-signing key{" "}
        <Text span ff="monospace" data-testid="server-key-fingerprint" style={{ wordBreak: "break-all" }}>
          {secret.serverKeyFingerprint}
        </Text>
        . The agent refuses to enroll with a server whose key differs.
      </Text>
      {systems.map((system) => (
        <CommandBlock
          key={system.key}
          label={system.label}
          hint={system.hint}
          command={secret.commands[system.key]}
          copyLabel={`Copy ${system.label} command`}
          testId={`install-command-${system.key}`}
        />
      ))}
    </Stack>
  );
}
