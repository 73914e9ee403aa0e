#!/usr/bin/env bash
# Department benchmark of the workshop server on PostgreSQL: a throwaway cluster (Debian's
# PostgreSQL, run as seguelab-test under root, like the tests), two `seguelab-workshop`
# processes each serving the same ROOMS rooms of one database, LEARNERS simulated learners
# split over rooms and servers, and each room's dashboard (bench/department-load.py). Prints
# post and /api/room latency and each server's peak memory (VmHWM). Not a test: figures go to
# bench/RESULTS.md. Also prints where the time went: CPU seconds of each server, of PostgreSQL
# and of the generator over the run, and PostgreSQL's time per statement (pg_stat_statements).
# PERF=1 records each server with `perf record -g` for PERF_FOR seconds (default 20) from
# PERF_AT seconds into the run (default a third of it; 0 records the learners joining); reports
# are left in $PERF_DIR, default /tmp.
# Usage: bench/department.sh [path/to/seguelab-workshop] [learners=3000] [rooms=100] [seconds=60]
#        [event_every=10 (seconds between one learner's events)]
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
event_every="${5:-10}"
[ -x "$server" ] || { echo "no server at $server (swift build -c release --product seguelab-workshop)" >&2; exit 1; }
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "no PostgreSQL (apt-get install postgresql)" >&2; exit 1; }
work="$(mktemp -d /tmp/seguelab-department.XXXXXX)"
as_owner() { if [ "$(id -u)" -eq 0 ]; then runuser -u seguelab-test -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown seguelab-test "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_owner "$bin/initdb" -D "$work/data" -U seguelab -A trust -E UTF8 --locale=C --no-sync >/dev/null
as_owner "$bin/pg_ctl" -D "$work/data" -l "$work/pg.log" -w \
    -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c max_connections=100 -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=${PG_TRACK:-top}" start >/dev/null
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    as_owner "$bin/pg_ctl" -D "$work/data" -m immediate -w stop >/dev/null 2>&1 || true
    # KEEP_LOGS=DIR: the servers' output (a.log, b.log) and PostgreSQL's (pg.log) are kept there.
    [ -n "${KEEP_LOGS:-}" ] && cp "$work"/a.log "$work"/b.log "$work"/pg.log "$KEEP_LOGS"/ 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U seguelab department
sql() { as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U seguelab -d department -q "$@"; }
sql -c 'CREATE EXTENSION pg_stat_statements'
postmaster=$(head -1 "$work/data/postmaster.pid")
# CPU seconds (user + system) of a process, or of the postmaster and all its children.
cpu_of() { awk '{print ($14 + $15) / 100}' "/proc/$1/stat" 2>/dev/null || echo 0; }
postgres_cpu() {
    local total=0 pid
    for pid in "$postmaster" $(pgrep -P "$postmaster"); do total=$(echo "$total + $(cpu_of "$pid")" | bc); done
    echo "$total"
}
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
echo "== $learners learners in $rooms rooms over 2 servers for ${seconds}s, an event every ${event_every}s per learner ($(basename "$server"), load $(cut -d' ' -f1-3 /proc/loadavg))"
sql -c 'SELECT pg_stat_statements_reset()' >/dev/null
cpu_before=("$(cpu_of "${pids[0]}")" "$(cpu_of "${pids[1]}")" "$(postgres_cpu)")
if [ "${PERF:-0}" = 1 ]; then
    (
        sleep "${PERF_AT:-$((seconds / 3))}"
        for index in 0 1; do
            perf record -g -F 499 -p "${pids[$index]}" -o "${PERF_DIR:-/tmp}/department-server$((index + 1)).perf" \
                -- sleep "${PERF_FOR:-20}" >/dev/null 2>&1 &
        done
        wait
    ) &
    perf_pid=$!
fi
# What PostgreSQL's sessions wait on, sampled once a second through the middle third of the run.
(
    sleep $((seconds / 3))
    for _ in $(seq $((seconds / 3))); do
        sql -Atc "SELECT coalesce(wait_event_type || ':' || wait_event, state) FROM pg_stat_activity
                  WHERE datname = 'department' AND pid <> pg_backend_pid()" 2>/dev/null
        sleep 1
    done | sort | uniq -c | sort -rn >"$work/waits.txt"
) &
waits_pid=$!
# The generator on Debian's Python with uvloop when it can be had (see department-load.py).
source "$repo/scripts/lib.sh"
/usr/bin/python3 -c 'import uvloop' 2>/dev/null || apt_install python3-uvloop >/dev/null 2>&1 || true
python=python3
/usr/bin/python3 -c 'import uvloop' 2>/dev/null && python=/usr/bin/python3
"$python" "$here/department-load.py" "$work/rooms.json" "$learners" "$seconds" "$steps" "$event_every"
wait "$waits_pid" || true
echo "PostgreSQL sessions by what they were doing or waiting on (samples):"
head -8 "$work/waits.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "CPU seconds over the run: server 1 $(echo "$(cpu_of "${pids[0]}") - ${cpu_before[0]}" | bc)," \
    "server 2 $(echo "$(cpu_of "${pids[1]}") - ${cpu_before[1]}" | bc)," \
    "PostgreSQL $(echo "$(postgres_cpu) - ${cpu_before[2]}" | bc)"
echo "PostgreSQL statements (calls, total ms, mean ms):"
sql -Atc "SELECT calls, round(total_exec_time::numeric, 0), round(mean_exec_time::numeric, 3),
              regexp_replace(left(query, 90), '\s+', ' ', 'g')
          FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT ${PG_STATEMENTS:-12}"
[ -n "${perf_pid:-}" ] && wait "$perf_pid"
for index in 0 1; do
    echo "server $((index + 1)) peak memory (VmHWM): $(grep VmHWM /proc/${pids[$index]}/status | awk '{print $2, $3}')"
done
echo "events stored: $(as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U seguelab -d department -Atc 'select count(*) from workshop_event')"
