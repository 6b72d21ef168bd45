/** Placeholder (issue 3, in progress). */
export function RenewPasswordPage() {
  return null;
}
