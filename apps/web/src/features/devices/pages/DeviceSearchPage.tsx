import { useState } from "react";
import { Button, Stack } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { PageHeader } from "../../../ui";
import { useCan } from "../../auth";
import { DeviceGrid } from "../grid/DeviceGrid";
import { SaveGroupModal } from "../grid/SaveGroupModal";
import { useGridUrlState } from "../grid/use-grid-url-state";
import { RunScriptBulkButton } from "../components/RunScriptBulkButton";

export function DeviceSearchPage() {
  const can = useCan();
  const [state, setState] = useGridUrlState();
  const [saving, setSaving] = useState(false);
  return (
    <Stack gap="md">
      <PageHeader
        title="Device search"
        description="Every device you manage. Filter, sort, pick columns, act on many devices at once, or save the search as a group."
      />
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
              Save as group
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
