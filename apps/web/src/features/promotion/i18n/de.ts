import type { Translation } from "@steward/contracts";
import type { en } from "./en";

export const de: Translation<typeof en> = {
  demo: {
    title: "Demo anfordern",
    intro:
      "Erleben Sie Cloud- und lokale Sicherung, Image-Sicherung und Wiederherstellung in Aktion. Hinterlassen Sie Ihre Daten, wir melden uns bei Ihnen.",
    submit: "Absenden",
    thanks: "Vielen Dank für Ihr Interesse!",
    followUp: "Unser Sicherungsteam meldet sich in Kürze bei Ihnen, um Ihre Demo zu vereinbaren.",
    sent: "Demo-Anfrage gesendet",
  },
};
