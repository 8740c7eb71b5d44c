#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine; exits non-zero when it is invalid.
#   1. the Compose CLI resolves the file (`config`): YAML, anchors and merges, ${VAR:-default}
#      interpolation, and the Compose schema (unknown keys, wrong types, bad depends_on
#      conditions, unknown services), and that FRENLY_IDENTITY_SECRET has no default
#      (`config` must fail without it);
#   2. checks the schema cannot make: every service has a restart policy and a healthcheck,
#      every `build` names a Dockerfile that exists, and every service that others wait for
#      with `condition: service_healthy` has a healthcheck.
# Uses `docker compose` (v2) when present, else Debian's `docker-compose` (1.29), installing
# that package with apt-get when it is missing and we are root.
# Usage: scripts/check-compose.sh [compose-file]   (default: docker-compose.yml at the root)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
file="$(realpath "${1:-$root/docker-compose.yml}")"

compose=()
if docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  if ! command -v docker-compose >/dev/null 2>&1; then
    if [[ $(id -u) -ne 0 ]]; then
      echo "check-compose: neither 'docker compose' nor 'docker-compose' is installed" >&2
      echo "  (Debian: sudo apt-get install docker-compose)" >&2
      exit 2
    fi
    echo "check-compose: installing Debian's docker-compose" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      docker-compose >/dev/null
  fi
  compose=(docker-compose)
fi

resolved="$(mktemp)"
trap 'rm -f "$resolved"' EXIT

# The identity secret must have no usable default (issue 12): without it, `config` must refuse,
# naming it. An empty env file: a developer's .env must not make the check pass or fail.
empty_env="$(mktemp)"
trap 'rm -f "$resolved" "$empty_env"' EXIT
if refusal="$(env -u FRENLY_IDENTITY_SECRET "${compose[@]}" --env-file "$empty_env" -f "$file" config 2>&1 >/dev/null)" \
  || ! grep -q FRENLY_IDENTITY_SECRET <<<"$refusal"; then
  echo "check-compose: $file must refuse to resolve without FRENLY_IDENTITY_SECRET (no default: \${FRENLY_IDENTITY_SECRET:?...})" >&2
  [[ -n $refusal ]] && echo "$refusal" >&2
  exit 1
fi

# Interpolation defaults apply, as they would for a user with no .env file; the secret is a
# throwaway random value, as an operator would set it.
if ! FRENLY_IDENTITY_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d '\n')" "${compose[@]}" -f "$file" config >"$resolved"; then
  echo "check-compose: $file is invalid (${compose[*]} config)" >&2
  exit 1
fi

# Debian's docker-compose depends on python3-yaml, so the system Python can read the result.
python=/usr/bin/python3
[[ -x $python ]] || python=python3
"$python" - "$resolved" "$(dirname "$file")" <<'PY'
import os, sys, yaml

resolved, base = sys.argv[1], sys.argv[2]
config = yaml.safe_load(open(resolved))
services = config.get("services") or {}
problems = []

for name, svc in services.items():
    # Every container restarts on its own after a crash and reports its health.
    if svc.get("restart") not in ("always", "unless-stopped", "on-failure") and not (svc.get("deploy") or {}).get("restart_policy"):
        problems.append(f"{name}: needs a restart policy (restart: unless-stopped)")
    check = svc.get("healthcheck")
    if not check or check.get("disable"):
        problems.append(f"{name}: needs a healthcheck")
    build = svc.get("build")
    if build is not None:
        context = build if isinstance(build, str) else build.get("context", ".")
        context = os.path.join(base, context)
        dockerfile = "Dockerfile" if isinstance(build, str) else build.get("dockerfile", "Dockerfile")
        if not os.path.isfile(os.path.join(context, dockerfile)):
            problems.append(f"{name}: build dockerfile {dockerfile} not found in {context}")
    depends = svc.get("depends_on") or {}
    if isinstance(depends, dict):
        for dep, how in depends.items():
            if (how or {}).get("condition") == "service_healthy":
                check = (services.get(dep) or {}).get("healthcheck")
                if not check or check.get("disable"):
                    problems.append(f"{name}: waits for {dep} to be healthy, but {dep} has no healthcheck")

for p in problems:
    print(f"check-compose: {p}", file=sys.stderr)
if problems:
    sys.exit(1)
print(f"check-compose: OK ({len(services)} services: {', '.join(sorted(services))})")
PY
