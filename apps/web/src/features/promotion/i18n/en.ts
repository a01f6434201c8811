/** The promotion texts in English (the source; the spec's texts exactly as written). */
export const en = {
  demo: {
    title: "Request Demo",
    intro:
      "See cloud and local backup, image backup and restore in action. Leave your details and we will be in touch.",
    submit: "Submit",
    thanks: "Thank you for your interest!",
    followUp: "Our backup team will contact you shortly to arrange your demo.",
    sent: "Demo request sent",
  },
} as const;
