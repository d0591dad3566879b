#!/bin/sh
# Starts Chromium for the end-to-end tests without its omnibox popups. New headless Chromium builds the
# omnibox's two WebUI popups for every window, in renderers of their own: about 12% of the suite's CPU on this
# 2-core machine, where the suite is CPU-bound. Playwright passes its own --disable-features, and Chromium keeps
# only the last one given, so the two features are added to Playwright's list rather than given separately.
# STUDIO_CHROMIUM is the browser to start (playwright.config.ts sets it from main/host/chromium.ts).
popups='WebUIOmniboxPopup,WebUIOmniboxAimPopup'
for arg do
  shift
  case $arg in
    --disable-features=*) arg="$arg,$popups" ;;
  esac
  set -- "$@" "$arg"
done
exec "${STUDIO_CHROMIUM:?set by playwright.config.ts}" "$@"
