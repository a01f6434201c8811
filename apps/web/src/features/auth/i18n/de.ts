import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  routes: {
    setup: "Steward einrichten",
    login: "Anmelden",
    enroll: "Zwei-Faktor-Authentifizierung einrichten",
    verify: "Zwei-Faktor-Authentifizierung",
    invite: "Einladung annehmen",
  },
  language: {
    label: "Sprache",
  },
  errors: {
    invalidInvite:
      "Dieser Einladungslink ist ungültig oder abgelaufen. Bitten Sie Ihren Administrator um einen neuen.",
    invalidCredentials: "E-Mail-Adresse oder Passwort ist falsch.",
    invalidCode:
      "Dieser Code ist ungültig. Prüfen Sie Ihre Authentifizierungs-App und versuchen Sie es erneut.",
    userDisabled: "Dieses Konto ist deaktiviert. Bitten Sie einen Systemadministrator, es zu aktivieren.",
    weakPassword: "Wählen Sie ein stärkeres Passwort.",
    setupAlreadyDone: "Steward ist bereits eingerichtet. Melden Sie sich stattdessen an.",
    rateLimited: "Zu viele Versuche. Warten Sie einen Moment und versuchen Sie es erneut.",
    rateLimitedFor: "Zu viele Versuche. Versuchen Sie es in {time} erneut.",
  },
  lockout: {
    title: "Zu viele fehlgeschlagene Versuche",
    locked: "Zu Ihrer Sicherheit ist die Anmeldung gesperrt. Versuchen Sie es in {time} erneut (um {at}).",
    tryAgainNow: "Sie können es jetzt erneut versuchen.",
  },
  notice: {
    expiredTitle: "Ihre Sitzung ist abgelaufen",
    expired: "Melden Sie sich erneut an, um fortzufahren.",
    signedOut: "Sie haben sich abgemeldet.",
    setupDone:
      "Das Systemadministrator-Konto ist bereit. Melden Sie sich an, um die Zwei-Faktor-Authentifizierung einzurichten.",
    passwordSet:
      "Ihr Passwort ist festgelegt. Melden Sie sich an, um die Zwei-Faktor-Authentifizierung einzurichten.",
  },
  expiry: {
    idleTitle: "Sind Sie noch da?",
    absoluteTitle: "Ihre Sitzung endet bald",
    idle: "Sie werden wegen Inaktivität in {time} abgemeldet.",
    absolute:
      "Aus Sicherheitsgründen enden Sitzungen nach 24 Stunden. Sie werden in {time} abgemeldet; speichern Sie Ihre Arbeit.",
    extendFailed:
      "Die Sitzung konnte nicht verlängert werden. Versuchen Sie es erneut oder melden Sie sich nach ihrem Ende erneut an.",
    stay: "Angemeldet bleiben",
    ok: "Verstanden",
  },
  signOut: "Abmelden",
  fields: {
    email: "E-Mail",
    password: "Passwort",
    firstName: "Vorname",
    lastName: "Nachname",
    companyName: "Firmenname",
    passwordHelp: "Mindestens {min} Zeichen.",
  },
  login: {
    description: "Melden Sie sich bei der Steward-Konsole an.",
    submit: "Anmelden",
  },
  setup: {
    description:
      "Legen Sie das Systemadministrator-Konto an. Anschließend richten Sie die Zwei-Faktor-Authentifizierung ein.",
    unreachable: "Der Server ist nicht erreichbar",
    companyNameHelp: "Ihr MSP oder Ihre IT-Abteilung; angezeigt in der Konsole und in Einladungen.",
    submit: "Administrator anlegen",
    onlyOnce: "Diese Seite ist nur verfügbar, bis der erste Systemadministrator existiert.",
  },
  invite: {
    title: "Einladung annehmen",
    checking: "Einladung wird geprüft…",
    loadError: "Die Einladung konnte nicht geladen werden",
    welcome: "Willkommen, {firstName} {lastName}",
    description:
      "Sie wurden zur Steward-Konsole eingeladen. Wählen Sie ein Passwort; danach richten Sie die Zwei-Faktor-Authentifizierung ein.",
    submit: "Passwort festlegen",
  },
  code: {
    label: "Authentifizierungscode",
  },
  enroll: {
    description: "Steward verlangt für jedes Konto eine Authentifizierungs-App. Das dauert eine Minute.",
    appStep: "Authentifizierungs-App",
    appStepHint: "QR-Code scannen",
    codesStep: "Wiederherstellungscodes",
    codesStepHint: "Sicher aufbewahren",
    startError: "Die Einrichtung konnte nicht gestartet werden",
    creating: "Ihr geheimer Schlüssel wird erstellt…",
    confirmStep: "2. Geben Sie zur Bestätigung den 6-stelligen Code aus der App ein.",
  },
  totp: {
    qrAlt: "QR-Code, um Steward Ihrer Authentifizierungs-App hinzuzufügen",
    qrFailed: "Der QR-Code konnte nicht erstellt werden. Geben Sie den Schlüssel stattdessen von Hand ein.",
    scanStep:
      "1. Scannen Sie den QR-Code mit einer Authentifizierungs-App (Google Authenticator, Microsoft Authenticator, 1Password…).",
    cantScan: "Scannen nicht möglich? Geben Sie stattdessen diesen Schlüssel in der App ein:",
    copyKey: "Schlüssel kopieren",
    account: "Konto",
    copyAccount: "Kontoname kopieren",
    keyWarning:
      "Dieser Schlüssel wird nur jetzt angezeigt. Halten Sie ihn geheim: Wer ihn kennt, kann Ihre Codes erzeugen.",
  },
  recovery: {
    title: "Speichern Sie Ihre Wiederherstellungscodes",
    warning:
      "Wenn Sie Ihr Telefon verlieren, können Sie sich nur noch mit diesen Codes anmelden. Jeder Code gilt einmal. Sie werden nicht erneut angezeigt.",
    listLabel: "Wiederherstellungscodes",
    copy: "Codes kopieren",
    download: "Codes herunterladen",
    continue: "Weiter",
    fileHeading: "Steward-Wiederherstellungscodes",
    fileGenerated: "Erstellt am {at}",
    fileHint: "Jeder Code kann einmal zur Anmeldung ohne Ihre Authentifizierungs-App verwendet werden.",
  },
  routesExtra: {
    duo: "Duo-Bestätigung",
    security: "Sicherheit",
  },
  prompt: {
    method: "Bestätigungsmethode",
    methods: {
      TOTP: "Authentifizierungs-App",
      U2F: "Sicherheitsschlüssel",
      SMS: "SMS",
      DUO: "Duo",
      RECOVERY: "Wiederherstellungscode",
    },
    keyHint: "Verwenden Sie einen Ihrer registrierten Sicherheitsschlüssel.",
    useKey: "Sicherheitsschlüssel verwenden",
    hardwareFailed: "Die Hardware-MFA-Authentifizierung ist fehlgeschlagen oder wurde abgebrochen",
    retry: "Erneut versuchen",
    smsHint: "Ein 6-stelliger Code wird per SMS an Ihr Telefon gesendet.",
    sendCode: "Code senden",
    resendCode: "Neuen Code senden",
    codeSent: "Code an {to} gesendet.",
    duoHint: "Bestätigen Sie die Anmeldung in Duo.",
    useDuo: "Weiter mit Duo",
    duoWaiting: "Warten auf die Duo-Bestätigung",
    duoBack: "Zurück zur Bestätigung",
    duoMissing: "Die Antwort von Duo fehlt. Beginnen Sie erneut.",
  },
  enrollMethods: {
    choose:
      "Wählen Sie, wie Sie Ihre Anmeldungen bestätigen. Weitere Methoden können Sie später unter Sicherheit hinzufügen.",
    keyName: "Name des Schlüssels",
    keyNameDefault: "Sicherheitsschlüssel",
    registerKey: "Sicherheitsschlüssel registrieren",
    keyHint: "Stecken oder berühren Sie Ihren Sicherheitsschlüssel, wenn der Browser danach fragt.",
    phone: "Mobilnummer",
    phoneHint: "In internationaler Form, zum Beispiel +49 151 23456789.",
    sendCode: "Bestätigungscode senden",
    confirm: "Bestätigen",
    duoHint: "Ihr Duo-Konto wird mit einer ersten Bestätigung in Duo geprüft.",
    startDuo: "Mit Duo einrichten",
  },
  account: {
    title: "Sicherheit",
    description:
      "Die zweiten Faktoren, mit denen Sie sich anmelden können. Wiederherstellungscodes gelten für jeden Faktor.",
    factors: "Zweite Faktoren",
    empty: "Noch kein zweiter Faktor.",
    loadError: "Ihre zweiten Faktoren konnten nicht geladen werden",
    added: "Hinzugefügt am {date}",
    remove: "Entfernen",
    removeTitle: "{name} entfernen?",
    removeNamed: "{name} entfernen",
    factorsTable: "Ihre zweiten Faktoren",
    columnMethod: "Verfahren",
    columnName: "Name",
    columnAdded: "Hinzugefügt",
    columnActions: "Aktionen",
    removeBody: "Sie können sich damit nicht mehr anmelden.",
    removed: "Zweiter Faktor entfernt",
    addKey: "Sicherheitsschlüssel hinzufügen",
    addSms: "Telefon hinzufügen",
    addDuo: "Duo hinzufügen",
    addedFactor: "Zweiter Faktor hinzugefügt",
    menu: "Sicherheit",
  },
  admin: {
    requiredFactors: "Vorgeschriebene zweite Faktoren",
    requiredFactorsHint:
      "Techniker mit dieser Rolle melden sich mit einer dieser Faktorarten an. Leer lassen, um jede zu erlauben.",
    anyFactor: "Jeder Faktor",
    saveRequirements: "Faktoren speichern",
    requirementsSaved: "Vorgeschriebene Faktoren gespeichert",
    resetTitle: "Zweite Faktoren",
    resetHint:
      "Entfernt alle zweiten Faktoren und Wiederherstellungscodes; der Techniker wird abgemeldet und richtet MFA neu ein.",
    reset: "Faktoren zurücksetzen",
    resetConfirmTitle: "Zweite Faktoren von {name} zurücksetzen?",
    resetDone: "Die zweiten Faktoren von {name} wurden zurückgesetzt",
  },
  verify: {
    codeHint: "Geben Sie den 6-stelligen Code aus Ihrer Authentifizierungs-App ein.",
    recoveryHint:
      "Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einrichten gespeichert haben. Jeder Code gilt einmal.",
    recoveryCode: "Wiederherstellungscode",
    submit: "Bestätigen",
    useRecovery: "Stattdessen einen Wiederherstellungscode verwenden",
    useApp: "Stattdessen meine Authentifizierungs-App verwenden",
    notYou: "Nicht Sie? <signOut>Abmelden</signOut>",
  },
};
