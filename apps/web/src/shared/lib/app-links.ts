/** Links to the mobile app in the two stores (SPEC §1 "Technicians are sent to a page that points them to the mobile app"). */
export const APP_STORE_URL = 'https://apps.apple.com/';
export const GOOGLE_PLAY_URL = 'https://play.google.com/store/apps';
