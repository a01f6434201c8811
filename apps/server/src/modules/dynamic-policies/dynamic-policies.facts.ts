/** What decides a device's class (the same facts the policies module reads of a device). */
export interface DeviceFacts {
  id: number;
  organizationId: number;
  locationId: number;
  osFamily: string;
  osName: string;
  roleId: number | null;
  roleKey: string | null;
}
