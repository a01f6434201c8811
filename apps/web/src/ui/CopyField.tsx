import { ActionIcon, CopyButton, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";

interface CopyFieldProps {
  label: string;
  value: string;
  copyLabel?: string;
  testId?: string;
}

/** A read-only value with a copy button (invite links, secrets). */
export function CopyField({ label, value, copyLabel = "Copy", testId }: CopyFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      onFocus={(event) => event.currentTarget.select()}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? "Copied" : copyLabel} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? "teal" : "gray"}
                onClick={copy}
                aria-label={copyLabel}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
