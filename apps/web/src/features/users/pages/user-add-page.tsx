/** Placeholder (issue 3, in progress). */
export function UserAddPage() {
  return null;
}
