#!/usr/bin/env bash
# Installs with apt-get, only when missing, what the infra scripts and the browser tests need,
# (openssl: the live-insights browser test makes its own TLS certificate),
# so that a clean machine pays for a single `apt-get update`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_apt_packages \
  java:openjdk-17-jre-headless mvn:maven \
  pg_ctlcluster:postgresql psql:postgresql-client redis-server:redis-server \
  chromium:chromium openssl:openssl
