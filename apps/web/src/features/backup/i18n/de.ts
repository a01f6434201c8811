import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    backup: "Sicherung",
    systemArea: "Sicherung (System-Dashboard)",
    organizationArea: "Sicherung (Organisations-Dashboard)",
    deviceArea: "Sicherung (Geräte-Dashboard)",
    settings: "Sicherungseinstellungen",
    settingsArea: "Sicherungseinstellungen einer Organisation",
    networkStorage: "Netzwerkspeicher",
    networkStorageArea: "Netzwerkspeicher für Sicherungen",
    integrationsArea: "Sicherungsintegrationen",
    shadowProtect: "ShadowProtect",
    shadowProtectArea: "ShadowProtect-Sicherung",
    imageManager: "ImageManager",
    imageManagerArea: "ImageManager-Sicherung",
  },
  placeholder: {
    demo: "Möchten Sie Cloud- und lokale Sicherung mit Datei-/Ordner- und Image-Plänen, Wiederherstellung, Integritätsprüfungen und Upsync sehen?",
  },
};
