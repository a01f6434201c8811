import { CustomFieldValuesEditor } from "../../custom-fields";
import { DevicePage } from "../dashboard/DevicePage";

export function DeviceCustomFieldsPage() {
  return (
    <DevicePage>
      {(device) => <CustomFieldValuesEditor level={{ kind: "device", deviceId: device.id }} />}
    </DevicePage>
  );
}
