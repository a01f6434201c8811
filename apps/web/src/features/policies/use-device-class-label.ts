import { useCallback } from "react";
import type { DeviceClassCode } from "@steward/contracts";
import { useT } from "../../i18n";
import { deviceClassText } from "./texts";

/** A device class's name in the reader's language ("Linux server"). */
export function useDeviceClassLabel(): (deviceClass: DeviceClassCode) => string {
  const t = useT();
  return useCallback((deviceClass: DeviceClassCode) => t(deviceClassText[deviceClass]), [t]);
}
