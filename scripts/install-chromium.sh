#!/usr/bin/env bash
# Installs Debian's Chromium for the playground's browser test and `npm run screenshots`
# (playwright-core drives /usr/bin/chromium; no browser is downloaded by npm).
#
# Already there: nothing to do. Missing: `apt-get install chromium` when this user can (root, or
# password-less sudo). When it cannot be installed, say why and exit 0: the browser test then skips
# itself with a message naming this script, and the rest of the suite still runs.
set -uo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo present) at $CHROMIUM"
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not installed and this system has no apt-get; the browser test will be skipped." >&2
  echo "          Install Chromium so that $CHROMIUM exists (Debian/Ubuntu: apt-get install chromium)." >&2
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  AS_ROOT=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  AS_ROOT=(sudo -n)
else
  echo "chromium: not installed, and installing it needs root; the browser test will be skipped." >&2
  echo "          Run: sudo apt-get update && sudo apt-get install -y chromium" >&2
  exit 0
fi

echo "chromium: installing Debian's chromium package…"
export DEBIAN_FRONTEND=noninteractive
if "${AS_ROOT[@]}" apt-get update -qq \
  && "${AS_ROOT[@]}" apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core fonts-noto-color-emoji >/dev/null; then
  echo "chromium: $("$CHROMIUM" --version 2>/dev/null || echo installed) at $CHROMIUM"
else
  echo "chromium: apt-get could not install it; the browser test will be skipped." >&2
fi
exit 0
