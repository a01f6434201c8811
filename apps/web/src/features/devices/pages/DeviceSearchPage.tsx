import { useState } from "react";
import { Button, Stack } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useT } from "../../../i18n";
import { PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { DeviceGrid } from "../grid/DeviceGrid";
import { SaveGroupModal } from "../grid/SaveGroupModal";
import { useGridUrlState } from "../grid/use-grid-url-state";
import { RunScriptBulkButton } from "../components/RunScriptBulkButton";

export function DeviceSearchPage() {
  const t = useT();
  const can = useCan();
  const [state, setState] = useGridUrlState();
  const [saving, setSaving] = useState(false);
  return (
    <Stack gap="md">
      <PageHeader title={t("devices.routes.search")} description={t("devices.search.description")} />
      <DeviceGrid
        state={state}
        onChange={setState}
        toolbarExtra={
          can("devices.manage") ? (
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={() => setSaving(true)}
            >
              {t("devices.search.saveAsGroup")}
            </Button>
          ) : null
        }
        bulkExtra={(target, count, clear) => (
          <RunScriptBulkButton target={target} count={count} filters={state.filters} onDone={clear} />
        )}
      />
      <SaveGroupModal opened={saving} onClose={() => setSaving(false)} filters={state.filters} />
    </Stack>
  );
}
