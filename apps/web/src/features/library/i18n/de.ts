import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    downloads: "Downloads",
    library: "Bibliothek",
    snmpLibrary: "SNMP-Bibliothek",
  },
  downloads: {
    description:
      "Installieren Sie den Steward-Agenten auf einem Gerät: Zuordnung wählen, Installationsbefehl erstellen, auf dem Gerät ausführen.",
    downloadAgent: "Agent herunterladen",
    agentFile:
      "Der Agent ist eine einzige JavaScript-Datei (steward-agent.mjs) für Linux, macOS und Windows. {requirement}",
    loadingOrganizations: "Organisationen werden geladen…",
    organizationsError: "Organisationen konnten nicht geladen werden",
    noOrganizationsTitle: "Noch keine Organisationen",
    noOrganizationsDescription:
      "Jedes Gerät gehört zu einem Standort einer Organisation. Legen Sie zuerst eine Organisation an und kehren Sie dann für ihren Installationsbefehl zurück.",
    createOrganization: "Organisation anlegen",
    installCommand: "Installationsbefehl",
    loadingLocations: "Standorte werden geladen…",
    noPermission:
      "Sie dürfen Registrierungstoken sehen, aber nicht erstellen. Bitten Sie einen Systemadministrator um die Berechtigung für die Registrierung.",
    shownTitle: "Installationsbefehl: {name}",
  },
  tokens: {
    title: "Registrierungstoken",
    loading: "Registrierungstoken werden geladen…",
    loadError: "Registrierungstoken konnten nicht geladen werden",
    emptyTitle: "Noch keine Registrierungstoken",
    emptyDescription:
      "Erstellen Sie oben einen Installationsbefehl; sein Token erscheint hier mit Nutzungen und Ablauf.",
    showError: "Der Befehl konnte nicht angezeigt werden",
    revokeTitle: "Registrierungstoken widerrufen",
    revokeMessage:
      "Geräte können sich nicht mehr mit „{name}“ registrieren. Bereits registrierte Geräte bleiben. Widerrufen?",
    revoke: "Widerrufen",
    revoked: "Registrierungstoken widerrufen",
    revokeError: "Das Token konnte nicht widerrufen werden",
    unnamed: "Token {id}",
    state: "Zustand",
    uses: "Nutzungen",
    createdAt: "Erstellt {date}",
    revokedAt: "Widerrufen {date}",
    expiredAt: "Abgelaufen {date}",
    expiresAt: "Läuft ab {date}",
    useCount: "{used, number} / {max, number}",
    unlimited: "{used, number} / unbegrenzt",
    lastUsed: "Zuletzt {date}",
    neverUsed: "Nie verwendet",
    showCommand: "Befehl anzeigen",
    showCommandFor: "Befehl für {name} anzeigen",
    revokeNamed: "{name} widerrufen",
    states: {
      ACTIVE: "Aktiv",
      EXPIRED: "Abgelaufen",
      REVOKED: "Widerrufen",
      EXHAUSTED: "Aufgebraucht",
    },
  },
  createToken: {
    formName: "Installationsbefehl erstellen",
    tokenName: "Tokenname",
    tokenNameHelp: "Optional, z. B. das Ticket oder der Techniker",
    validFor: "Gültig für",
    validForHelp: "Danach funktioniert der Befehl nicht mehr",
    maxDevices: "Höchstens Geräte",
    maxDevicesHelp: "Leer: beliebig viele Geräte",
    submit: "Installationsbefehl erstellen",
    expiry: {
      day: "1 Tag",
      week: "7 Tage",
      month: "30 Tage",
      quarter: "90 Tage",
      year: "1 Jahr",
    },
  },
  agentRelease: {
    title: "Agent-Programme und -Pakete",
    description:
      "Ein eigenständiges Programm je Plattform: Vorher muss nichts installiert werden. Version {version}. Vergleichen Sie einen Download vor der Installation mit seinem SHA-256.",
    notBuilt:
      "Die eigenständigen Agenten wurden auf diesem Server noch nicht gebaut (npm run build:agent-binaries). Bis dahin verwenden die Installationsbefehle den JavaScript-Agenten, der Node.js 20 benötigt.",
    loading: "Agent-Downloads werden geladen…",
    loadError: "Die Agent-Downloads konnten nicht geladen werden",
    file: "Datei",
    platform: "Plattform",
    kind: "Art",
    size: "Größe",
    sha256: "SHA-256",
    allPlatforms: "alle",
    checksums: "Alle SHA-256-Prüfsummen (SHA256SUMS)",
    kinds: {
      binary: "Programm",
      deb: "Debian-Paket",
      rpm: "RPM-Paket",
      msi: "Windows-Installer-Paket",
      "macos-layout": "macOS-Paketstruktur",
    },
  },
  install: {
    noRequirement: "Vorher muss nichts installiert werden: Der Agent ist ein eigenständiges Programm.",
    nodeRequirement:
      "Auf dem Gerät muss Node.js 20 oder neuer installiert sein, bevor Sie den Befehl ausführen.",
    enrollsInto:
      "{requirement} Das Gerät wird in <strong>{location}</strong> registriert und meldet sich bei <code>{server}</code>.",
    checks:
      "Jeder Befehl prüft, was er installiert: den SHA-256 der Agent-Datei <hash>{sha}</hash> und den Fingerabdruck des Befehlssignaturschlüssels des Servers <pin>{fingerprint}</pin>. Der Agent registriert sich nicht bei einem Server mit anderem Schlüssel.",
    noAgent: "nicht verfügbar (der Agent wurde nicht gebaut)",
    linuxHint: "In einem Terminal ausführen; fragt nach sudo.",
    macHint: "Im Terminal ausführen; fragt nach Ihrem Administratorpasswort.",
    windowsHint: "In PowerShell als Administrator ausführen.",
    copy: "{system}-Befehl kopieren",
  },
};
