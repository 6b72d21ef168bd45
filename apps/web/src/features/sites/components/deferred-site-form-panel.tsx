/**
 * The site form panel, loaded on first opening (issue 11 "each route loading only what it uses"): the form brings the
 * date picker, the number fields and the contract's validation rules, which the Sites list and a site's detail need
 * only once 'New site' or 'Edit' is pressed (or `?createForClient=` opens it at once). Once opened it stays mounted,
 * so that it slides out when closed.
 */
import { lazy, Suspense, useState } from 'react';
import type { SiteFormPanelProps } from './site-form-panel';

const SiteFormPanel = lazy(async () => ({ default: (await import('./site-form-panel')).SiteFormPanel }));

/** {@link SiteFormPanel}, its code fetched when `isOpen` first becomes true. */
export function DeferredSiteFormPanel(props: SiteFormPanelProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SiteFormPanel {...props} />
    </Suspense>
  );
}
