/**
 * What a person who just started the server reads first: where to open the console, and what
 * to do there (create the first administrator on the setup page, or sign in).
 */
export function startMessage(publicUrl: string, hasAdministrator: boolean): string {
  const next = hasAdministrator
    ? "and sign in."
    : "— no administrator yet: the setup page there creates one.";
  return `\nSteward console is running.\n  Open ${publicUrl} ${next}\n\n`;
}
