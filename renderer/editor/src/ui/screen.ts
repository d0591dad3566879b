import { useEffect } from 'react';
import { brandName } from '../../../../core/fascias';
import type { PageKey } from '../../../../core/schemas';

const APP_NAME = 'Storefront Studio';

/** The window title of a screen: what it is, then the app, e.g. "Editing summer-sale · JD GB — Storefront Studio". */
export const screenTitle = (screen: string): string => `${screen} — ${APP_NAME}`;

/** The editor's window title names the page, then its brand and country, upper-cased as the example in issue 16. */
export const editingTitle = (key: Pick<PageKey, 'page' | 'fascia' | 'country'>): string =>
  `Editing ${key.page} · ${brandName(key.fascia).toUpperCase()} ${key.country.toUpperCase()}`;

/** The heading every screen's header renders (tabIndex -1), where focus goes when a screen appears. */
const SCREEN_HEADING = 'h1[data-screen-heading]';

/** Moves focus to the current screen's heading; false when there is none. */
export function focusScreenHeading(): boolean {
  const heading = document.querySelector<HTMLElement>(SCREEN_HEADING);
  heading?.focus();
  return heading !== null;
}

const focusIsLost = (): boolean => document.activeElement === null || document.activeElement === document.body;

/**
 * A screen appeared: name it in the window title and, unless something on it already took focus on purpose
 * (review mode's Confirm/Next), put focus on its heading, so a keyboard or screen-reader user starts there
 * instead of at the top of the body.
 */
export function useScreen(title: string): void {
  useEffect(() => {
    document.title = screenTitle(title);
  }, [title]);
  useEffect(() => {
    ensureLiveRegion();
    if (focusIsLost()) focusScreenHeading();
  }, []);
}

let liveRegion: HTMLElement | null = null;

/** One polite live region for the app's lifetime: a region created with its message is often not read. */
function ensureLiveRegion(): HTMLElement {
  if (liveRegion?.isConnected) return liveRegion;
  liveRegion = document.createElement('div');
  liveRegion.className = 'visually-hidden';
  liveRegion.setAttribute('role', 'status');
  liveRegion.setAttribute('aria-live', 'polite');
  liveRegion.dataset.testid = 'screen-announcer';
  document.body.append(liveRegion);
  return liveRegion;
}

/** Says a short message politely, e.g. "Reviewing page 2 of 3: Germany". */
export function announce(message: string): void {
  const region = ensureLiveRegion();
  // Cleared first so the same message twice in a row is read twice.
  region.textContent = '';
  requestAnimationFrame(() => {
    region.textContent = message;
  });
}
