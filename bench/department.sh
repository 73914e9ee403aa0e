#!/usr/bin/env bash
# Department benchmark of the workshop server on PostgreSQL: a throwaway cluster (Debian's
# PostgreSQL, run as seguelab-test under root, like the tests), two `seguelab-workshop`
# processes each serving the same ROOMS rooms of one database, LEARNERS simulated learners
# split over rooms and servers, and each room's dashboard (bench/department-load.py). Prints
# post and /api/room latency and each server's peak memory (VmHWM). Not a test: figures go to
# bench/RESULTS.md.
# Usage: bench/department.sh [path/to/seguelab-workshop] [learners=3000] [rooms=100] [seconds=60]
set -euo pipefail
# Thousands of connections from one address: past the default open-file limit and the server's
# default of 32 connections per address.
ulimit -n 16384 2>/dev/null || ulimit -n "$(ulimit -Hn)"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
server="${1:-$repo/.build/release/seguelab-workshop}"
learners="${2:-3000}"
rooms="${3:-100}"
seconds="${4:-60}"
[ -x "$server" ] || { echo "no server at $server (swift build -c release --product seguelab-workshop)" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL (apt-get install postgresql)" >&2; exit 1; }
work="$(mktemp -d /tmp/seguelab-department.XXXXXX)"
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u seguelab-test -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown seguelab-test "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_owner "$bin/initdb" -D "$work/data" -U seguelab -A trust -E UTF8 --locale=C --no-sync >/dev/null
as_owner "$bin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=100" start >/dev/null
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    as_owner "$bin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U seguelab department
url="postgres://seguelab@127.0.0.1:$port/department"
room_args=()
for i in $(seq -f "%03g" 1 "$rooms"); do room_args+=(--room "r$i"); done
for name in a b; do
    "$server" --pack "$repo/Lessons" --port 0 --database "$url" "${room_args[@]}" --learner-rate 50 --connections-per-address 10000 \
        >"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1200); do n=$(grep -c 'seguelab --join' "$work/$name.log" 2>/dev/null || true); [ "${n:-0}" -ge "$rooms" ] && break; sleep 0.1; done
done
steps=$(python3 - "$repo/Lessons" <<'PY'
import re, sys, pathlib
refs = []
for lesson in sorted(pathlib.Path(sys.argv[1], "lessons").glob("*.md")):
    text = lesson.read_text()
    lesson_id = re.search(r"^id: *(\S+)", text, re.M).group(1)
    refs += [lesson_id + "/" + step for step in re.findall(r"\{#([\w-]+)\}", text)]
print(",".join(refs[:40]))
PY
)
python3 - "$work/a.log" "$work/b.log" >"$work/rooms.json" <<'PY'
import json, re, sys
servers = []
for log in sys.argv[1:]:
    text = open(log).read()
    links = re.findall(r"seguelab --join (http://[^ ]+)/join/([A-Z0-9]+)", text)
    tokens = re.findall(r"/dashboard#token=([0-9a-f]+)", text)
    servers.append((links, tokens))
rooms = []
for index, (base, code) in enumerate(servers[0][0]):
    rooms.append({"name": "r%03d" % (index + 1), "code": code, "token": servers[0][1][index],
                  "servers": [links[index][0] for links, _ in servers]})
    assert all(links[index][1] == code for links, _ in servers), "the servers disagree on a join code"
print(json.dumps(rooms))
PY
echo "== $learners learners in $rooms rooms over 2 servers for ${seconds}s ($(basename "$server"), load $(cut -d' ' -f1-3 /proc/loadavg))"
python3 "$here/department-load.py" "$work/rooms.json" "$learners" "$seconds" "$steps"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
for index in 0 1; do
    echo "server $((index + 1)) peak memory (VmHWM): $(grep VmHWM /proc/${pids[$index]}/status | awk '{print $2, $3}')"
done
echo "events stored: $(as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U seguelab -d department -Atc 'select count(*) from workshop_event')"
