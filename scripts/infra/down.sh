#!/usr/bin/env bash
# npm run infra:down — stops what up.sh started from this checkout, nothing else: Kafka when its
# pid file here names a live broker, PostgreSQL and Redis only when .infra/started.txt says up.sh
# started them. Idempotent. `--purge` also deletes Kafka's topics and offsets (.infra/kafka/data).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

REDIS_PORT=${INFRA_REDIS_PORT:-6379}
KAFKA_HOME_DIR="$INFRA_DIR/kafka"

stop_kafka() {
  # stop-own leaves alone a broker that another checkout started (e.g. CI's clone sharing it).
  bash "$INFRA_REPO_ROOT/scripts/infra/kafka.sh" stop-own
  unmark_started kafka
}

stop_redis() {
  if ! was_started_by_us redis; then
    port_open 127.0.0.1 "$REDIS_PORT" && infra_say "Redis was not started by up.sh: left running"
    return 0
  fi
  if port_open 127.0.0.1 "$REDIS_PORT"; then
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    infra_say "stopped Redis on 127.0.0.1:$REDIS_PORT"
  fi
  unmark_started redis
}

stop_postgres() {
  if ! was_started_by_us postgresql; then
    port_open 127.0.0.1 5432 && infra_say "PostgreSQL was not started by up.sh: left running"
    return 0
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  if [[ -n $version ]] && port_open 127.0.0.1 5432; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main stop
    infra_say "stopped PostgreSQL $version"
  fi
  unmark_started postgresql
}

stop_kafka
stop_redis
stop_postgres
if [[ ${1:-} == --purge ]]; then
  rm -rf "$KAFKA_HOME_DIR/data" "$KAFKA_HOME_DIR/cluster.id"
  infra_say "deleted Kafka's data (topics, offsets); the next start formats fresh storage"
fi
