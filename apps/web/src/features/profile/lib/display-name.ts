/** A person's full name as shown in the profile: "Firstname Lastname", in Japanese "Lastname Firstname". */
export function displayName(person: { firstname: string; lastname: string }, language: string): string {
  const parts = language === 'ja' ? [person.lastname, person.firstname] : [person.firstname, person.lastname];
  return parts.filter(Boolean).join(' ');
}
