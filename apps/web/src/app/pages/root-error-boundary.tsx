/** Last-resort boundary of the router: a crashed screen or a failed chunk shows the error screen, not a blank page. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AriaRouting } from '../root-route';
import { ErrorView } from './error-page';

/** Shows error 404 for unknown routes, 500 otherwise. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const code = isRouteErrorResponse(error) && error.status === 404 ? '404' : '500';
  if (import.meta.env.DEV) console.error(error);
  return (
    <AriaRouting>
      <main className="flex min-h-dvh flex-col bg-gray-100">
        <ErrorView code={code} />
      </main>
    </AriaRouting>
  );
}
