/**
 * The automatic reports feature's public pieces (issue 15; docs/decisions/018), composed by the app into the space
 * settings (the PCO's schedule) and the site detail (a site's own); each is loaded on demand with its texts.
 */
import { createElement, lazy, Suspense } from 'react';

const Card = lazy(async () => ({ default: (await import('./with-texts')).SettingsCardWithTexts }));
const Section = lazy(async () => ({ default: (await import('./with-texts')).SiteSectionWithTexts }));

/** The PCO's schedule card (space settings); nothing until loaded. */
export function AutomaticReportSettingsCard() {
  return createElement(Suspense, { fallback: null }, createElement(Card));
}

/** A site's schedule section (site detail); nothing until loaded. */
export function SiteAutomaticReportsSection({ siteUlid }: { siteUlid: string }) {
  return createElement(Suspense, { fallback: null }, createElement(Section, { siteUlid }));
}
