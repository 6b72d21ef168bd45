/** Placeholder (issue 3, in progress). */
export function TokenExpiredPage() {
  return null;
}
