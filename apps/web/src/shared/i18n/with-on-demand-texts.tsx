/**
 * Wraps a component whose texts are a namespace loaded on demand (on-demand-catalogue.ts): it renders a placeholder
 * while the texts of the language shown load, an error with 'retry' if they cannot, then the component.
 */
import type { ComponentType, ReactNode } from 'react';
import { ErrorState } from '../ui/error-state';
import { type OnDemandNamespace, useOnDemandCatalogue } from './on-demand-catalogue';

/** `Component` once the texts of `namespace` are there; `placeholder` (default nothing) while they load. */
export function withOnDemandTexts<P extends object>(
  namespace: OnDemandNamespace,
  Component: ComponentType<P>,
  placeholder: ReactNode = null,
): ComponentType<P> {
  function WithTexts(props: P) {
    const { state, retry } = useOnDemandCatalogue(namespace);
    if (state === 'ready') return <Component {...props} />;
    return state === 'error' ? <ErrorState onRetry={retry} /> : placeholder;
  }
  WithTexts.displayName = `WithTexts(${Component.displayName ?? Component.name})`;
  return WithTexts;
}
