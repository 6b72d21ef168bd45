/**
 * The demo spaces and people of ARCHITECTURE §5: the admin space, two dealers, three PCOs and the demo accounts
 * (password `Termite-Demo-2026!` for all).
 */
export const DEMO_PASSWORD = 'Termite-Demo-2026!';

export interface DemoSpace {
  key: string;
  type: 'admin' | 'dealer' | 'pco';
  name: string;
  dealer?: string;
  city: string;
  postalCode: string;
  street: string;
  country: string;
  latitude: string;
  longitude: string;
  erpClientId?: string;
  erpOrderId?: string;
}

export const DEMO_SPACES: DemoSpace[] = [
  {
    key: 'admin',
    type: 'admin',
    name: 'Isoptera',
    street: '12 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
    country: 'France',
    latitude: '48.869340000',
    longitude: '2.331400000',
  },
  {
    key: 'dealer',
    type: 'dealer',
    name: 'Termi Distribution France',
    street: '8 allée des Lilas',
    postalCode: '33700',
    city: 'Mérignac',
    country: 'France',
    latitude: '44.842960000',
    longitude: '-0.645390000',
    erpClientId: 'D-FR-0001',
  },
  {
    key: 'dealer2',
    type: 'dealer',
    name: 'Nihon Shiroari Supply',
    street: '2-3-1 Shibaura',
    postalCode: '108-0023',
    city: 'Tokyo',
    country: 'Japan',
    latitude: '35.642500000',
    longitude: '139.748700000',
    erpClientId: 'D-JP-0002',
  },
  {
    key: 'pco',
    type: 'pco',
    name: 'Sud-Ouest Protection Termites',
    dealer: 'dealer',
    street: '45 avenue Thiers',
    postalCode: '33100',
    city: 'Bordeaux',
    country: 'France',
    latitude: '44.842710000',
    longitude: '-0.557220000',
    erpClientId: 'C-1001',
    erpOrderId: 'O-7781',
  },
  {
    key: 'pco3',
    type: 'pco',
    name: 'Atlantique Habitat Services',
    dealer: 'dealer',
    street: '3 quai de la Fosse',
    postalCode: '44000',
    city: 'Nantes',
    country: 'France',
    latitude: '47.211340000',
    longitude: '-1.564580000',
    erpClientId: 'C-1002',
    erpOrderId: 'O-7782',
  },
  {
    key: 'pco2',
    type: 'pco',
    name: 'Kanto Termite Care',
    dealer: 'dealer2',
    street: '1-9-1 Marunouchi',
    postalCode: '100-0005',
    city: 'Tokyo',
    country: 'Japan',
    latitude: '35.681200000',
    longitude: '139.766700000',
    erpClientId: 'C-2001',
    erpOrderId: 'O-9901',
  },
];

export interface DemoPerson {
  email: string;
  firstname: string;
  lastname: string;
  lang: string;
  timezone: string;
  memberships: { space: string; role: string; color?: string }[];
}

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    email: 'admin@demo.example',
    firstname: 'Claire',
    lastname: 'Marchand',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'admin', role: 'ROLE_ADMIN_SPACE_SUPER_ADMIN' }],
  },
  {
    email: 'dealer@demo.example',
    firstname: 'Julien',
    lastname: 'Lefèvre',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'dealer', role: 'ROLE_DEALER_SPACE_OWNER' }],
  },
  {
    email: 'owner@demo.example',
    firstname: 'Sophie',
    lastname: 'Durand',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco', role: 'ROLE_PCO_SPACE_OWNER', color: '#0f766e' }],
  },
  {
    email: 'manager@demo.example',
    firstname: 'Thomas',
    lastname: 'Bernard',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco', role: 'ROLE_PCO_SPACE_MANAGER', color: '#7c3aed' }],
  },
  {
    email: 'technician@demo.example',
    firstname: 'Lucas',
    lastname: 'Moreau',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco', role: 'ROLE_PCO_SPACE_TECHNICIAN', color: '#c2410c' }],
  },
  {
    email: 'owner2@demo.example',
    firstname: 'Haruto',
    lastname: 'Sato',
    lang: 'ja',
    timezone: 'Asia/Tokyo',
    memberships: [{ space: 'pco2', role: 'ROLE_PCO_SPACE_OWNER', color: '#be123c' }],
  },
  {
    email: 'multi@demo.example',
    firstname: 'Camille',
    lastname: 'Girard',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [
      { space: 'dealer', role: 'ROLE_DEALER_SPACE_USER' },
      { space: 'pco', role: 'ROLE_PCO_SPACE_MANAGER', color: '#0369a1' },
    ],
  },
  {
    email: 'emma.petit@demo.example',
    firstname: 'Emma',
    lastname: 'Petit',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco', role: 'ROLE_PCO_SPACE_TECHNICIAN', color: '#15803d' }],
  },
  {
    email: 'hugo.roux@demo.example',
    firstname: 'Hugo',
    lastname: 'Roux',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco', role: 'ROLE_PCO_SPACE_TECHNICIAN', color: '#b45309' }],
  },
  {
    email: 'owner3@demo.example',
    firstname: 'Nathalie',
    lastname: 'Fournier',
    lang: 'fr',
    timezone: 'Europe/Paris',
    memberships: [{ space: 'pco3', role: 'ROLE_PCO_SPACE_OWNER', color: '#4d7c0f' }],
  },
  {
    email: 'dealer2@demo.example',
    firstname: 'Yuki',
    lastname: 'Tanaka',
    lang: 'ja',
    timezone: 'Asia/Tokyo',
    memberships: [{ space: 'dealer2', role: 'ROLE_DEALER_SPACE_OWNER' }],
  },
  {
    email: 'aoi.suzuki@demo.example',
    firstname: 'Aoi',
    lastname: 'Suzuki',
    lang: 'ja',
    timezone: 'Asia/Tokyo',
    memberships: [{ space: 'pco2', role: 'ROLE_PCO_SPACE_TECHNICIAN', color: '#1d4ed8' }],
  },
];

/** A demo person whose invitation is still pending (SPEC §4 "User lifecycle": the invited segment of Users). */
export interface DemoInvitedPerson {
  email: string;
  space: string;
  role: string;
  lang: string;
  /** The demo member who sent the invitation (a member of `space`). */
  invitedBy: string;
  /** When the invitation was sent, in days before the seed runs (the link stays valid 7 days). */
  invitedDaysAgo: number;
}

/**
 * Pending invitations: nobody holds their links (only hashes are stored); "resend" from the Users screen mails a
 * working one. They are neither referents nor interveners.
 */
export const DEMO_INVITED: DemoInvitedPerson[] = [
  {
    email: 'nicolas.blanc@demo.example',
    space: 'pco',
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    lang: 'fr',
    invitedBy: 'owner@demo.example',
    invitedDaysAgo: 2,
  },
  {
    email: 'pauline.mercier@demo.example',
    space: 'dealer',
    role: 'ROLE_DEALER_SPACE_USER',
    lang: 'fr',
    invitedBy: 'dealer@demo.example',
    invitedDaysAgo: 1,
  },
];

/** A demo member who left: membership disabled (the disabled segment of Users), can be re-enabled. */
export interface DemoDisabledPerson {
  email: string;
  firstname: string;
  lastname: string;
  lang: string;
  timezone: string;
  space: string;
  role: string;
  color: string;
  /** When the membership was disabled, in days before the seed runs. */
  disabledDaysAgo: number;
}

export const DEMO_DISABLED: DemoDisabledPerson[] = [
  {
    email: 'julie.lambert@demo.example',
    firstname: 'Julie',
    lastname: 'Lambert',
    lang: 'fr',
    timezone: 'Europe/Paris',
    space: 'pco',
    role: 'ROLE_PCO_SPACE_TECHNICIAN',
    color: '#0e7490',
    disabledDaysAgo: 24,
  },
];
