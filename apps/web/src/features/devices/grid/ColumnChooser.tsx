import { Button, Checkbox, Menu, Stack } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import { useT } from "../../../i18n";
import { gridColumns, type GridColumnKey } from "./columns";

/** Which grid columns show (Name always does). */
export function ColumnChooser({
  value,
  onChange,
}: {
  value: GridColumnKey[];
  onChange: (keys: GridColumnKey[]) => void;
}) {
  const t = useT();
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} />}>
          {t("devicesGrid.columns.chooser")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={6} p="xs" role="group" aria-label={t("devicesGrid.columns.visible")}>
          {gridColumns.map((column) => (
            <Checkbox
              key={column.key}
              label={t(column.label)}
              disabled={column.key === "name"}
              checked={value.includes(column.key)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                // Keep the grid's own column order whatever the click order.
                const next = gridColumns
                  .map((c) => c.key)
                  .filter((key) => (key === column.key ? checked : value.includes(key)));
                onChange(next);
              }}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
