#!/usr/bin/env bash
# Installs node_modules exactly as package-lock.json pins them.
# `npm ci` is tried first. The npm registry reachable from these machines lacks some
# other-platform optional packages (e.g. @swc/core-darwin-arm64@1.16.22), so the lockfile
# cannot list them and npm 11's `npm ci` then refuses it as "out of sync"; in that case
# `npm install` installs from the same lockfile (the same versions) instead.
set -uo pipefail
cd "$(dirname "$0")/.."
flags=(--include=dev --no-audit --no-fund)
if npm ci "${flags[@]}" 2>/tmp/frenly-npm-ci.err; then exit 0; fi
if grep -q "can only install packages when your package.json and package-lock.json" /tmp/frenly-npm-ci.err; then
  echo "[install] npm ci refused the lockfile (other-platform optional packages this registry lacks); using npm install with the same lockfile" >&2
  # npm install rewrites package-lock.json; a newcomer's `git status` stays clean, so the
  # tracked file is put back as it was.
  saved=$(mktemp)
  cp package-lock.json "$saved"
  npm install "${flags[@]}"
  status=$?
  cp "$saved" package-lock.json && rm -f "$saved"
  exit $status
fi
cat /tmp/frenly-npm-ci.err >&2
exit 1
