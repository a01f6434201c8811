/** The policies texts in English (the source; the spec's texts exactly as written). */
export const en = {
  routes: {
    policies: "Policies",
    agent: "Agent policies",
    nms: "Network monitoring policies",
    virtualization: "Virtualization policies",
    mdm: "Mobile device policies",
    mdmArea: "Mobile device management policies",
    dynamic: "Dynamic policies",
    editPolicy: "Edit policy",
    policyEditor: "Agent policy editor",
    editVirtualization: "Edit virtualization policy",
    virtualizationEditor: "Virtualization policy editor",
    editAndroid: "Edit Android policy",
    androidEditor: "Android policy editor",
    editIos: "Edit iOS/iPadOS policy",
    iosEditor: "iOS and iPadOS policy editor",
  },
} as const;
