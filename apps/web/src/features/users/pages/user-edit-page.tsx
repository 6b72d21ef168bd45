/** Placeholder (issue 3, in progress). */
export function UserEditPage() {
  return null;
}
