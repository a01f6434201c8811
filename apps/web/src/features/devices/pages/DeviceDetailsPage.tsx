import { SimpleGrid, Stack } from "@mantine/core";
import { DevicePage } from "../dashboard/DevicePage";
import {
  DisksSection,
  HardwareSection,
  NetworkSection,
  SystemSection,
  UsersSection,
  VolumesSection,
} from "../dashboard/InventorySections";

/** The full inventory the agent reported. */
export function DeviceDetailsPage() {
  return (
    <DevicePage>
      {(device) => (
        <Stack gap="md">
          <SimpleGrid cols={2} spacing="md">
            <SystemSection device={device} />
            <HardwareSection inv={device.inventory} />
          </SimpleGrid>
          <VolumesSection inv={device.inventory} />
          <DisksSection inv={device.inventory} />
          <NetworkSection inv={device.inventory} publicIp={device.publicIp} />
          <UsersSection inv={device.inventory} />
        </Stack>
      )}
    </DevicePage>
  );
}
