/** The exact user-facing texts, worded as clients already know them. Never paraphrase these. */
export const messages = {
  mandatory: "Mandatory value is undefined. Please enter a value.",
  tag: {
    spaces: "Tag cannot contain spaces",
    quotes: "Tag cannot contain quotes",
    commas: "Tag cannot contain commas",
    tooLong: "Exceeds max character limit of 25",
  },
  customField: {
    integer: "Input must be of integer value",
    decimal: "Input must be of decimal value",
    ipAddress: "Value must be a valid IP Address",
  },
  numeric: {
    invalid: "Invalid",
    scientific: "Must not be in scientific notation",
    decimals: (n: number) => `Can contain up to ${n} decimal places`,
    oneInteger: "Must contain one integer",
    greaterThan: (min: number | string) => `Value must be greater than ${min}`,
    greaterOrEqual: (min: number | string) => `Value must be greater than or equal to ${min}`,
    lessThan: (max: number | string) => `Value must be less than ${max}`,
    lessOrEqual: (max: number | string) => `Value must be less than or equal to ${max}`,
  },
  demoRequest: {
    title: "Request Demo",
    submit: "Submit",
    sent: "Demo request sent",
  },
} as const;
