import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useT } from "../i18n";

interface CopyIconButtonProps {
  value: string;
  /** Accessible name and tooltip, e.g. "Copy Linux command". */
  label: string;
  variant: "light" | "subtle";
  /** The colour before copying (teal once copied). */
  color: string;
}

/** Copies `value`; the icon and the tooltip turn to "Copied" for a moment. */
export function CopyIconButton({ value, label, variant, color }: CopyIconButtonProps) {
  const t = useT();
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("common.actions.copied") : label} withArrow>
          <ActionIcon variant={variant} color={copied ? "teal" : color} onClick={copy} aria-label={label}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
