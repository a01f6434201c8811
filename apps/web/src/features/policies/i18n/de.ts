import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    policies: "Richtlinien",
    agent: "Agent-Richtlinien",
    nms: "Richtlinien für Netzwerküberwachung",
    virtualization: "Virtualisierungsrichtlinien",
    mdm: "Mobilgeräte-Richtlinien",
    mdmArea: "Richtlinien für Mobilgeräteverwaltung",
    dynamic: "Dynamische Richtlinien",
    editPolicy: "Richtlinie bearbeiten",
    policyEditor: "Editor für Agent-Richtlinien",
    editVirtualization: "Virtualisierungsrichtlinie bearbeiten",
    virtualizationEditor: "Editor für Virtualisierungsrichtlinien",
    editAndroid: "Android-Richtlinie bearbeiten",
    androidEditor: "Editor für Android-Richtlinien",
    editIos: "iOS/iPadOS-Richtlinie bearbeiten",
    iosEditor: "Editor für iOS- und iPadOS-Richtlinien",
  },
};
