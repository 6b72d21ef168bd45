/** Placeholder (issue 3, in progress). */
export function UsersPage() {
  return null;
}
