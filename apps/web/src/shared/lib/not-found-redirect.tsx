/**
 * SPEC §8 "A 404 … response sends the user to the Error screen with the status code": for the detail screens that
 * read their record themselves (`redirectOnError: false`, to tell a 404 from other failures), e.g. a client or a
 * report opened by URL that belongs to another space or no longer exists.
 */
import { Navigate } from 'react-router';
import { isApiError } from '../api/api-error';

/** The Error screen of a missing record. */
export const NOT_FOUND_PATH = '/error/404';

/** `true` when `error` is the API's 404: the record does not exist in the actor's space. */
export function isNotFound(error: unknown): boolean {
  return isApiError(error, 404);
}

/** Replaces the current screen with the Error screen 404 (the back button returns before the missing record). */
export function NotFoundRedirect() {
  return <Navigate to={NOT_FOUND_PATH} replace />;
}
