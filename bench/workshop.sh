#!/usr/bin/env bash
# Load benchmark of the workshop server: 300 simulated learners on loopback for 60 s (see
# bench/workshop-load.py), then the server's peak memory (VmHWM). Not a test: figures go to
# bench/RESULTS.md. Usage: bench/workshop.sh [path/to/seguelab-workshop] [learners] [seconds]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
server="${1:-$repo/.build/release/seguelab-workshop}"
learners="${2:-300}"
seconds="${3:-60}"
[ -x "$server" ] || { echo "no server at $server (swift build -c release --product seguelab-workshop)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/seguelab-workshop-bench.XXXXXX")"
"$server" --pack "$repo/Lessons" --port 0 --data "$work/room.sqlite" --learner-rate 50 >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 600); do grep -q "seguelab --join" "$work/server.log" && break; sleep 0.1; done
link=$(grep -o 'http://[^ ]*/join/[A-Z0-9]*' "$work/server.log")
base="${link%/join/*}"
code="${link##*/}"
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
echo "== $learners learners for ${seconds}s against $base ($(basename "$server"))"
python3 "$here/workshop-load.py" "$base" "$code" "$steps" "$learners" "$seconds"
echo "peak memory (VmHWM): $(grep VmHWM /proc/$pid/status | awk '{print $2, $3}')"
echo "events stored: $(sqlite3 "$work/room.sqlite" 'select count(*) from event' 2>/dev/null || echo '?')"
