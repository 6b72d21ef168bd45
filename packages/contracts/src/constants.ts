/** Business constants and limits, SPEC §9. Durations in milliseconds unless the name says otherwise. */

/** Default page size of every collection (hydra), and the most a client may ask for with `itemsPerPage`. */
export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** Debounce of the search box and picker filters. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Delay before a picker's list closes after blur. */
export const PICKER_CLOSE_DELAY_MS = 150;
/** Auto-close delay of a notification. */
export const NOTIFICATION_AUTO_CLOSE_MS = 10_000;
/** Profile panel close delay. */
export const PROFILE_PANEL_CLOSE_DELAY_MS = 500;
/** Delay of a mobile menu action on screens ≤ 1024 px wide. */
export const MOBILE_MENU_ACTION_DELAY_MS = 350;
export const MOBILE_BREAKPOINT_PX = 1024;
/** Distance from the bottom of the main area that raises the 'hit bottom' flag. */
export const HIT_BOTTOM_THRESHOLD_PX = 15;
/** Default intervention duration (1 hour) and minimum duration (1 minute). */
export const DEFAULT_INTERVENTION_DURATION_MINUTES = 60;
export const MIN_INTERVENTION_DURATION_MINUTES = 1;
/** Scheduling advice shown with `start_at_invalid`: add this many minutes to the start time. */
export const SCHEDULING_ADVICE_MINUTES = 15;
/** Home shows the services of the next two weeks. */
export const HOME_UPCOMING_DAYS = 14;
/** Coordinates are rounded upward to this many decimals and sent as text. */
export const COORDINATE_DECIMALS = 9;
/** Password minimum length. */
export const PASSWORD_MIN_LENGTH = 12;
/** Lifetime of the 'remember this device' cookie, in days. */
export const TRUSTED_DEVICE_DAYS = 180;
/** Access-token lifetime (seconds) and refresh-token lifetimes (days) with and without "remember me". */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 1;
export const REFRESH_TOKEN_REMEMBER_ME_TTL_DAYS = 30;
/** Header every web request carries (CSRF defence for cookie-authenticated writes), ARCHITECTURE §4. */
export const CLIENT_TYPE_HEADER = 'client-type';
export const CLIENT_TYPES = ['webapp', 'mobile'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
/** Cookie names of the access and refresh tokens. */
export const ACCESS_TOKEN_COOKIE = 'isoptera_access';
export const REFRESH_TOKEN_COOKIE = 'isoptera_refresh';

/** Two-factor login (issue 3): code length, validity, wrong tries allowed per login attempt. */
export const TWO_FACTOR_CODE_TTL_MINUTES = 10;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;
export const TWO_FACTOR_COOKIE = 'isoptera_2fa';
export const TRUSTED_DEVICE_COOKIE = 'isoptera_trusted';
/** Password-reset links are valid one hour and used once. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** One-time sign-in links (`/easy-connect?token=`, SPEC §2.1) are valid 24 hours and used once. */
export const EASY_CONNECT_TTL_HOURS = 24;
/** Invitations expire after 7 days (`expire_invite_token`). */
export const INVITATION_TTL_DAYS = 7;
/** E-mail change validation links are valid 24 hours. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/**
 * The map tiles of the site detail's equipment map (issue 5, Leaflet): OpenStreetMap's standard tiles. The server's
 * Content-Security-Policy allows images from this origin, and only from it besides the app's own.
 */
export const MAP_TILE_ORIGIN = 'https://tile.openstreetmap.org';
export const MAP_TILE_URL = `${MAP_TILE_ORIGIN}/{z}/{x}/{y}.png`;
