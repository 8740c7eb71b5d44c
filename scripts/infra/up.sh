#!/usr/bin/env bash
# npm run infra:up — PostgreSQL (127.0.0.1:5432, trust auth for postgres), Redis (127.0.0.1:6379)
# and a single-node Kafka (127.0.0.1:9092) for the integration tests. Idempotent: whatever
# already runs is left alone; what this script starts is recorded in .infra/started.txt so that
# down.sh stops only that.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# What a clean machine lacks (Java/Maven, PostgreSQL, Redis, Chromium for the browser tests and
# the analysis browser tier); installs only what is missing, so a prepared machine pays nothing.
bash "$(dirname "${BASH_SOURCE[0]}")/packages.sh"

REDIS_PORT=${INFRA_REDIS_PORT:-6379}

newest_pg_version() { ls /etc/postgresql 2>/dev/null | sort -V | tail -n1; }

pg_query() { psql -h 127.0.0.1 -p 5432 -U postgres -w -d postgres -Atc "$1" 2>&1; }

# Tests connect as postgres@127.0.0.1 without a password: add trust lines if needed.
ensure_pg_trust() {
  local out tries=0 fixed=false version hba
  until out=$(pg_query 'select 1'); do
    if ! $fixed && grep -qiE 'password|authentication' <<<"$out"; then
      fixed=true
      version=$(newest_pg_version)
      hba=/etc/postgresql/$version/main/pg_hba.conf
      infra_say "enabling trust auth for loopback TCP in $hba"
      # First matching line wins in pg_hba.conf, so the trust lines go on top.
      sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
      pg_ctlcluster --skip-systemctl-redirect "$version" main reload
    elif ((++tries > 40)); then
      infra_err "PostgreSQL on 127.0.0.1:5432 does not answer queries: $out"
      return 1
    fi
    sleep 0.5
  done
}

start_postgres() {
  if port_open 127.0.0.1 5432; then
    infra_say "PostgreSQL already running on 127.0.0.1:5432"
  else
    [[ -n $(newest_pg_version) ]] || ensure_apt_packages pg_ctlcluster:postgresql psql:postgresql-client
    local version
    version=$(newest_pg_version)
    if [[ -z $version ]]; then
      infra_err "PostgreSQL is installed but /etc/postgresql has no cluster"
      return 1
    fi
    # The package's own post-install may already have started it.
    if ! port_open 127.0.0.1 5432; then
      pg_ctlcluster --skip-systemctl-redirect "$version" main start
      mark_started postgresql
    fi
    wait_port 127.0.0.1 5432 30 || {
      infra_err "PostgreSQL $version did not open 127.0.0.1:5432"
      return 1
    }
    infra_say "started PostgreSQL $version on 127.0.0.1:5432"
  fi
  ensure_pg_trust
}

start_redis() {
  if port_open 127.0.0.1 "$REDIS_PORT"; then
    infra_say "Redis already running on 127.0.0.1:$REDIS_PORT"
    return 0
  fi
  ensure_apt_packages redis-server:redis-server
  if ! port_open 127.0.0.1 "$REDIS_PORT"; then
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
      --dir /var/lib/redis --logfile /var/log/redis/ci.log
    mark_started redis
  fi
  wait_port 127.0.0.1 "$REDIS_PORT" 15 || {
    infra_err "Redis did not open 127.0.0.1:$REDIS_PORT (log: /var/log/redis/ci.log)"
    return 1
  }
  infra_say "started Redis on 127.0.0.1:$REDIS_PORT"
}

start_kafka() {
  local was_running=false
  port_open 127.0.0.1 9092 && was_running=true
  bash "$INFRA_REPO_ROOT/scripts/infra/kafka.sh" start
  $was_running || mark_started kafka
}

main() {
  local t0=$SECONDS
  start_postgres
  start_redis
  start_kafka
  infra_say "infrastructure ready in $((SECONDS - t0))s (PostgreSQL 127.0.0.1:5432, Redis 127.0.0.1:$REDIS_PORT, Kafka 127.0.0.1:9092)"
}

# Sourcing (for trying one function alone) must not start anything.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then main "$@"; fi
