/** Placeholder (issue 3, in progress). */
export function ActivationPage() {
  return null;
}
