/** Placeholder (issue 3, in progress). */
export function ValidateNewEmailPage() {
  return null;
}
