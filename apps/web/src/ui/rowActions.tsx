import type { ReactNode } from "react";
import { ActionIcon, Group, Tooltip } from "@mantine/core";
import type { GroupProps, MantineColor } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { useT } from "../i18n";

/** The actions cell content of a table row: icons side by side, on the right. */
export function RowActions({
  children,
  justify = "flex-end",
}: {
  children: ReactNode;
  justify?: GroupProps["justify"];
}) {
  return (
    <Group gap={4} justify={justify} wrap="nowrap">
      {children}
    </Group>
  );
}

interface RowActionProps {
  /** The tooltip, e.g. "Delete". */
  tooltip: string;
  /** The accessible name, e.g. "Delete Backup script". */
  label: string;
  icon: ReactNode;
  color?: MantineColor;
  loading?: boolean;
  onClick?: () => void;
  /** A link instead of a button. */
  to?: string;
}

/** One icon action of a row: a subtle icon button with a tooltip and an accessible name. */
export function RowAction({ tooltip, label, icon, color, loading, onClick, to }: RowActionProps) {
  return (
    <Tooltip label={tooltip}>
      {to !== undefined ? (
        <ActionIcon variant="subtle" color={color} component={Link} to={to} aria-label={label}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} aria-label={label} loading={loading} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

interface NamedActionProps {
  /** What the row is called; the button is named "Delete <name>" / "Edit <name>". */
  name: string;
  onClick?: () => void;
}

/** A red trash icon named "Delete <name>", with the tooltip "Delete". */
export function DeleteIconButton({ name, onClick }: NamedActionProps) {
  const t = useT();
  return (
    <RowAction
      tooltip={t("common.actions.delete")}
      label={t("ui.rowActions.deleteNamed", { name })}
      color="red"
      icon={<IconTrash size={16} />}
      onClick={onClick}
    />
  );
}

/** A pencil icon named "Edit <name>", with the tooltip "Edit"; a link when `to` is given. */
export function EditIconButton({ name, onClick, to }: NamedActionProps & { to?: string }) {
  const t = useT();
  return (
    <RowAction
      tooltip={t("common.actions.edit")}
      label={t("ui.rowActions.editNamed", { name })}
      icon={<IconPencil size={16} />}
      onClick={onClick}
      to={to}
    />
  );
}
