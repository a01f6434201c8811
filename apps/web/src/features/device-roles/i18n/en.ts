/** The deviceRoles texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    list: "Device roles",
    tab: "Roles",
  },
  list: {
    description:
      "What a device is for (workstation, server …). Roles carry their own custom fields and filter the device grid.",
    newRole: "New role",
    loadError: "Could not load device roles",
    loading: "Loading device roles…",
    emptyTitle: "No device roles",
    emptyDescription: "Create a role to group devices by what they are for.",
    operatingSystem: "Operating system",
    customFields: "Custom fields",
    builtIn: "Built-in",
    deleteTitle: "Delete device role",
    deleteMessage:
      'Delete "{name}"? Its {devices, plural, one {# device loses} other {# devices lose}} the role and its {fields, plural, one {# custom field is} other {# custom fields are}} deleted.',
    deleted: 'Device role "{name}" deleted',
    deleteError: "Could not delete the role",
  },
  form: {
    newTitle: "New device role",
    editTitle: "Edit {name}",
    operatingSystem: "Operating system",
    osFixed: "A role's operating system is fixed once created.",
    create: "Create role",
    created: "Device role created",
    saved: "Device role saved",
  },
} as const;
