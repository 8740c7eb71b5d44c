# Shared helpers for the infra scripts. Sourced, never run directly.
# shellcheck shell=bash

INFRA_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
INFRA_DIR="$INFRA_REPO_ROOT/.infra"
# Records which system services up.sh started, so down.sh stops only those.
INFRA_STARTED_FILE="$INFRA_DIR/started.txt"

infra_say() { printf '[infra] %s\n' "$*"; }
infra_err() { printf '[infra] ERROR: %s\n' "$*" >&2; }

# True when something accepts TCP connections on host:port (bash's /dev/tcp, no extra tools).
port_open() {
  timeout 2 bash -c "exec 3<>/dev/tcp/$1/$2" 2>/dev/null
}

# Waits up to $3 seconds for host:port to accept connections.
wait_port() {
  local host=$1 port=$2 deadline=$((SECONDS + $3))
  until port_open "$host" "$port"; do
    ((SECONDS >= deadline)) && return 1
    sleep 0.3
  done
}

# ensure_apt_packages cmd:package ... — installs the packages whose command is missing.
# apt-get update runs only when at least one is missing (it is slow and needs the network).
ensure_apt_packages() {
  local pair missing=()
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  ((${#missing[@]} == 0)) && return 0
  infra_say "installing with apt-get: ${missing[*]}"
  local sudo=()
  [[ $(id -u) -ne 0 ]] && sudo=(sudo -n)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 update -q </dev/null >/dev/null &&
    "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=300 install -y -q "${missing[@]}" </dev/null >/dev/null
}

mark_started() {
  mkdir -p "$INFRA_DIR"
  grep -qx "$1" "$INFRA_STARTED_FILE" 2>/dev/null || echo "$1" >>"$INFRA_STARTED_FILE"
}

was_started_by_us() { grep -qx "$1" "$INFRA_STARTED_FILE" 2>/dev/null; }

unmark_started() {
  [[ -f $INFRA_STARTED_FILE ]] || return 0
  grep -vx "$1" "$INFRA_STARTED_FILE" >"$INFRA_STARTED_FILE.tmp" || true
  mv "$INFRA_STARTED_FILE.tmp" "$INFRA_STARTED_FILE"
}
