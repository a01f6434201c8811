import type { Translation } from "../../catalogue.js";
import type { errorsEn } from "../en/errors.js";

export const errorsDe: Translation<typeof errorsEn> = {
  notFound: "Nicht gefunden",
  forbidden: "Sie haben keine Berechtigung dafür",
  internal:
    "Bei uns ist etwas schiefgelaufen. Versuchen Sie es erneut; wenn der Fehler bleibt, wenden Sie sich an Ihre Administration.",
  http: {
    noEndpoint: "Diesen Endpunkt gibt es nicht: {method} {path}",
    methodNotAllowed: "Diese Anfragemethode ist hier nicht erlaubt",
    badJson: "Der Anfrageinhalt ist kein gültiges JSON",
    bodyTooLarge: "Der Anfrageinhalt ist zu groß",
    unsupportedMediaType: "Senden Sie den Anfrageinhalt als application/json",
    malformed: "Die Anfrage ist fehlerhaft",
    nestedTooDeeply:
      "{max, plural, one {Der Anfrageinhalt ist zu tief verschachtelt (höchstens # Ebene)} other {Der Anfrageinhalt ist zu tief verschachtelt (höchstens # Ebenen)}}",
    tooManyRequests:
      "{seconds, plural, one {Zu viele Anfragen. Versuchen Sie es in # Sekunde erneut.} other {Zu viele Anfragen. Versuchen Sie es in # Sekunden erneut.}}",
    noAccessRule: "Dieser Endpunkt legt keine Zugriffsregel fest",
  },
  validation: {
    field: "{field}: {issue}",
    fieldInvalid: "{field}: ungültig",
    invalidRequest: "Ungültige Anfrage",
    unstorable: "Ein Wert in der Anfrage kann nicht gespeichert werden",
  },
  auth: {
    unauthenticated: "Melden Sie sich an, um fortzufahren",
    sessionExpired: "Ihre Sitzung ist abgelaufen. Melden Sie sich erneut an.",
    mfaRequired: "Schließen Sie die Multi-Faktor-Authentifizierung ab, um fortzufahren",
    csrf: "Der Anfrage fehlt ein gültiges CSRF-Token. Laden Sie die Seite neu und versuchen Sie es erneut.",
    invalidCredentials: "E-Mail-Adresse oder Passwort ist falsch",
    invalidCode: "Der Code ist ungültig",
    lockedOut:
      "{seconds, plural, one {Zu viele Fehlversuche. Versuchen Sie es in # Sekunde erneut.} other {Zu viele Fehlversuche. Versuchen Sie es in # Sekunden erneut.}}",
    signInRateLimited:
      "{seconds, plural, one {Zu viele Anmeldeversuche. Versuchen Sie es in # Sekunde erneut.} other {Zu viele Anmeldeversuche. Versuchen Sie es in # Sekunden erneut.}}",
    mfaAlreadyEnrolled: "Die Multi-Faktor-Authentifizierung ist bereits eingerichtet",
    mfaEnrollmentNotStarted: "Beginnen Sie zuerst mit der Einrichtung der Authenticator-App",
    mfaNotEnrolled: "Richten Sie zuerst die Multi-Faktor-Authentifizierung ein",
    mfaChallengeExpired: "Der Code oder die Anfrage ist abgelaufen. Fordern Sie einen neuen an.",
    mfaSendLimit:
      "{seconds, plural, one {Zu viele Codes angefordert. Versuchen Sie es in {seconds} Sekunde erneut.} other {Zu viele Codes angefordert. Versuchen Sie es in {seconds} Sekunden erneut.}}",
    mfaProviderUnavailable: "Der Bestätigungsdienst ist nicht erreichbar. Wählen Sie eine andere Methode.",
    mfaDenied: "Die Bestätigung wurde abgelehnt",
    mfaFactorNotFound: "Dieser zweite Faktor existiert nicht",
    mfaPhoneInvalid: "Geben Sie die Telefonnummer international ein, beginnend mit +",
    stepUpRequired: "Bestätigen Sie Ihre Identität mit Ihrem zweiten Faktor, um fortzufahren",
    weakPassword: "Wählen Sie ein sichereres Passwort",
    passwordTooShort: "Das Passwort muss mindestens {min} Zeichen lang sein",
    passwordCharacterClasses:
      "Das Passwort muss mindestens {count} Arten von Zeichen mischen: Kleinbuchstaben, Großbuchstaben, Ziffern, Sonderzeichen",
    passwordBreached:
      "Dieses Passwort steht auf einer Liste häufig verwendeter Passwörter. Wählen Sie ein anderes.",
    passwordReused:
      "Sie haben dieses Passwort kürzlich verwendet. Wählen Sie eines, das Sie noch nicht verwendet haben.",
    mfaFactorNotAllowed:
      "Diese Art von zweitem Faktor ist nicht erlaubt. Richten Sie eine der erlaubten Arten ein, um fortzufahren.",
    mfaRoleRequirement:
      "Ihre Rolle verlangt eine andere Art von zweitem Faktor. Richten Sie ihn ein, um fortzufahren.",
    ipNotAllowed:
      "Zugriff von Ihrer Netzwerkadresse ({ip}) ist nicht erlaubt. Wenden Sie sich an Ihre Administration.",
    allowListExcludesYou:
      "Die Positivliste enthält Ihre eigene Adresse ({ip}) nicht: Speichern würde Sie aussperren. Fügen Sie zuerst Ihre Adresse oder Ihr Netz hinzu.",
    setupAlreadyDone: "Steward ist bereits eingerichtet. Melden Sie sich stattdessen an.",
    userDisabled: "Dieses Konto ist deaktiviert. Bitten Sie eine Systemadministration, es zu aktivieren.",
  },
  technicians: {
    notFound: "Diesen Techniker gibt es nicht",
    onlyAdminsMakeAdmins: "Nur Systemadministratoren können Systemadministratoren ernennen",
    onlyAdminsManageAdmins: "Nur Systemadministratoren können Systemadministratoren verwalten",
    onlyAdminsChangeAdminRights: "Nur Systemadministratoren können Administratorrechte ändern",
    lastAdmin: "Der letzte aktive Systemadministrator kann weder entfernt noch deaktiviert werden",
    cannotModifySelf: "Das können Sie mit Ihrem eigenen Konto nicht tun",
    emailTaken: "Es gibt bereits einen Techniker mit dieser E-Mail-Adresse",
    inviteNotPending: "Dieser Techniker hat die Einladung bereits angenommen",
    inviteInvalid: "Dieser Einladungslink ist ungültig oder abgelaufen",
  },
  roles: {
    notFound: "Diese Rolle gibt es nicht",
    builtIn: "Integrierte Rollen sind Vorlagen: Kopieren Sie eine, um sie zu ändern",
    nameTaken: "Es gibt bereits eine Rolle namens „{name}“",
    inUse: "Die Rolle „{name}“ ist Technikern zugewiesen: Entziehen Sie sie ihnen zuerst",
    exceedsGrants:
      "Sie können keine Rolle {verb, select, copy {kopieren} change {ändern} other {anlegen}}, die Berechtigungen enthält, die Sie nicht in allen ihren Organisationen besitzen: {permissions}",
    giveBeyondGrants:
      "Sie können die Rolle „{name}“ nicht zuweisen: Sie gewährt Berechtigungen, die Sie nicht in allen ihren Organisationen besitzen ({permissions})",
    takeAwayBeyondGrants:
      "Sie können die Rolle „{name}“ nicht entziehen: Sie gewährt Berechtigungen, die Sie nicht in allen ihren Organisationen besitzen ({permissions})",
  },
  organizations: {
    notFound: "Organisation nicht gefunden",
    noSuch: "Diese Organisation gibt es nicht",
    nameTaken: "Es gibt bereits eine Organisation namens „{name}“",
    createNeedsAll: "Zum Anlegen einer Organisation brauchen Sie Zugriff auf alle Organisationen",
  },
  locations: {
    notFound: "Standort nicht gefunden",
    notInOrganization: "Diesen Standort gibt es in dieser Organisation nicht",
    notInDeviceOrganization: "Der Standort wurde in der Organisation des Geräts nicht gefunden",
    namesUnique: "Standortnamen müssen innerhalb einer Organisation eindeutig sein",
    nameTaken: "Es gibt bereits einen Standort namens „{name}“ in dieser Organisation",
    hasDevices: "Dem Standort sind noch Geräte zugeordnet: Verschieben oder löschen Sie sie zuerst",
    defaultUndeletable: "Der Standardstandort kann nicht gelöscht werden",
  },
  enrollment: {
    tokenNotFound: "Dieses Registrierungstoken gibt es nicht",
    tokenInvalid: "Unbekanntes Registrierungstoken",
    tokenExpired: "Dieses Registrierungstoken ist abgelaufen",
    tokenRevoked: "Dieses Registrierungstoken wurde widerrufen",
    tokenExhausted: "Dieses Registrierungstoken kann nicht mehr verwendet werden",
    wrongOrganization: "Dieses Registrierungstoken gehört zu einer anderen Organisation",
    rejected: "Diese Organisation nimmt keine neuen Geräte an",
    deviceKeyTaken: "Ein Gerät mit diesem Schlüssel ist bereits registriert",
    badPublicKey: "publicKey: Kein öffentlicher Ed25519-Schlüssel (Base64 von genau 32 Bytes)",
    agentNotBuilt: "Der Agent wurde noch nicht gebaut",
    agentNotBuiltHint: "Der Agent wurde noch nicht gebaut (npm run build)",
    notAgentEndpoint: "Kein Agent-Endpunkt",
    failed: "Die Registrierung ist auf dem Server fehlgeschlagen",
  },
  devices: {
    notFound: "Gerät nicht gefunden",
    noSuch: "Dieses Gerät gibt es nicht",
    idNotFound: "Es gibt kein Gerät mit der ID {id}",
    notApproved: "Gerät {id} ist nicht freigegeben",
    notPending: "Das Gerät wartet nicht auf Freigabe",
    roleWrongOs: "Die Rolle {role} ist für {os}-Geräte",
    tooManyTags:
      "{max, plural, one {Ein Gerät kann höchstens # Tag haben} other {Ein Gerät kann höchstens # Tags haben}}",
  },
  deviceRoles: {
    notFound: "Geräterolle nicht gefunden",
    changeNeedsAll: "Zum Ändern von Geräterollen brauchen Sie die Geräteverwaltung in allen Organisationen",
    builtIn: "Integrierte Rollen können weder geändert noch gelöscht werden",
    nameTaken: "Es gibt bereits eine Rolle namens „{name}“",
  },
  savedSearches: {
    notFound: "Gespeicherte Suche nicht gefunden",
    nameTaken: "Es gibt bereits eine gespeicherte Suche namens „{name}“",
    noTarget: "data: Geben Sie nodeIds, searchId oder criteria an",
    unknownAction: "Unbekannte Aktion {action}",
  },
  customFields: {
    notFound: "Benutzerdefiniertes Feld nicht gefunden",
    nameTaken: "Es gibt bereits ein benutzerdefiniertes Feld namens „{name}“",
    notApplicable: "Dieses Feld gilt nicht für die Rolle des Geräts",
    readOnly: "{label} ist schreibgeschützt",
  },
  jobs: {
    notFound: "Diesen Auftrag gibt es nicht",
    invalidType: "Ungültiger Auftragstyp",
    notRunnable: "Aufträge vom Typ {type} kann dieser Server noch nicht ausführen",
    noScript: "content.script: Wählen Sie ein Skript zum Ausführen",
    notCancellable: "Der Auftrag ist {status} und kann nicht abgebrochen werden",
    devicesCacheExpired:
      "Die Geräteliste hat sich seit dem Laden geändert. Laden Sie die Geräte neu und versuchen Sie es erneut.",
    noWakingDevice: "Es ist kein Gerät online, das das Gerät aufwecken kann",
    scriptOsMismatch:
      "Das Skript „{script}“ ist für {scriptOs} geschrieben, aber {count, plural, one {dieses Gerät läuft} other {# Geräte laufen}} mit einem anderen Betriebssystem: {devices}{more, plural, =0 {} other { und # weitere}}",
  },
  scripts: {
    notFound: "Skript nicht gefunden",
    templateNotFound: "Vorlagenskript nicht gefunden",
    nameTaken: "Es gibt bereits ein Skript namens „{name}“",
    presetNeedsScript:
      "{field}: Voreinstellungen gehören zu Bibliotheks- und Vorlagenskripten; geben Sie eine scriptId oder eine templateId an",
    scriptOrTemplate: "{field}: Geben Sie eine scriptId oder eine templateId an, nicht beides",
    noTemplate: "{field}: Es gibt kein Vorlagenskript „{id}“",
    noScript: "{field}: Es gibt kein Skript mit der ID {id}",
  },
  credentials: {
    notFound: "Anmeldedaten nicht gefunden",
    nameTaken: "In dieser Organisation gibt es bereits Anmeldedaten namens „{name}“",
  },
  scheduledTasks: {
    notFound: "Geplante Aufgabe nicht gefunden",
    noDevices: "targets.deviceIds: Es gibt kein Gerät mit der ID {ids}",
    noOrganizations: "targets.organizationIds: Es gibt keine Organisation mit der ID {ids}",
    noGroup: "targets.groupIds: Es gibt keine Gruppe mit der ID {id}",
  },
  policies: {
    notFound: "Richtlinie nicht gefunden",
    nameTaken: "Für diese Geräteklasse gibt es bereits eine Richtlinie namens „{name}“",
    defaultUndeletable: "Standardrichtlinien können nicht gelöscht werden",
    inUse:
      "{count, plural, one {Die Richtlinie wird von # Gerät verwendet: Weisen Sie ihm zuerst eine andere Richtlinie zu} other {Die Richtlinie wird von # Geräten verwendet: Weisen Sie ihnen zuerst eine andere Richtlinie zu}}",
    parentOtherClass: "Eine Richtlinie erbt nur von einer Richtlinie derselben Geräteklasse",
    parentCycle:
      "Eine Richtlinie kann nicht von sich selbst oder von einer Richtlinie erben, die von ihr erbt",
    wrongClass: "Die Richtlinie „{name}“ gilt nicht für diese Geräteklasse",
    wrongOsFamily: "Die Richtlinie „{name}“ gilt nicht für das Betriebssystem der Rolle",
    noClass: "Für Geräte mit diesem Betriebssystem gilt keine Richtlinie",
  },
  dynamicPolicies: {
    notFound: "Dynamische Richtlinie nicht gefunden",
    nameTaken: "Für diese Geräteklasse gibt es bereits eine dynamische Richtlinie namens „{name}“",
    orderInvalid: "Die Reihenfolge muss jede dynamische Richtlinie der Geräteklasse genau einmal enthalten",
  },
  notifications: {
    notFound: "Benachrichtigungskanal nicht gefunden",
    nameTaken: "Es gibt bereits einen Benachrichtigungskanal namens „{name}“",
    urlRefused: "Diese Webhook-Adresse kann nicht verwendet werden: {issue}",
  },
  alerts: {
    notFound: "Alarm nicht gefunden",
  },
  maintenance: {
    notFound: "Wartungsfenster nicht gefunden",
    noDevices: "targets.deviceIds: Es gibt kein Gerät mit der ID {ids}",
    noLocations: "targets.locationIds: Es gibt keinen Standort mit der ID {ids}",
    noOrganizations: "targets.organizationIds: Es gibt keine Organisation mit der ID {ids}",
    noGroup: "targets.groupIds: Es gibt keine Gruppe mit der ID {id}",
    systemNeedsAll: "Systemweite Wartungsfenster erfordern Zugriff auf alle Organisationen",
  },
  live: {
    topicNotFound: "Live-Thema nicht gefunden",
    tooManyStreams:
      "Für diese Sitzung sind zu viele Live-Verbindungen offen; schließen Sie einen Tab der Konsole",
  },
  ticketing: {
    ticketNotFound: "Ticket nicht gefunden",
    boardNotFound: "Board nicht gefunden",
    boardBuiltIn: "Das Board „Alle Tickets“ gehört zu jeder Installation und kann nicht gelöscht werden",
    valueNotFound: "Ticket-Einstellungswert nicht gefunden",
    valueBuiltIn: "Eingebaute Ticketstatus können nicht gelöscht werden",
    valueInUse: "Tickets verwenden diesen Wert; ändern Sie diese, bevor Sie ihn löschen",
  },
};
