/**
 * Where a credential's secret is sealed for: its own row. A sealed password copied into another
 * credential (another organization's, say) does not open there.
 */
export function credentialSecretContext(credentialId: number): string {
  return `credentials:${credentialId}:password`;
}
