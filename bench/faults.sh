#!/usr/bin/env bash
# How long each learner-code fault takes to be contained, from every place code runs (example,
# exercise, swift mode, the shell's run, seguelab run), and how long Ctrl-C takes to give the
# prompt back. Runs the fault and interrupt test suites (2 s time limit, 512 MB memory limit)
# with SEGUELAB_FAULT_FIGURES set, then summarises what they measured.
# Usage: bench/faults.sh            (builds the tests first; takes about two minutes)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
figures="$(mktemp "${TMPDIR:-/tmp}/seguelab-faults.XXXXXX")"
trap 'rm -f "$figures"' EXIT

cd "$repo"
swift build --build-tests >/dev/null
SEGUELAB_FAULT_FIGURES="$figures" swift test --skip-build --filter 'FaultMatrixTests|InterruptMatrixTests' >/dev/null

echo "Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), load $(cut -d' ' -f1 /proc/loadavg); $(date -u +%Y-%m-%d)"
echo
echo "Run time of the program (compile excluded), time limit 2 s:"
awk -F'\t' '$1 != "ctrl-c" {
        key = $2; if (!(key in worst) || $3 > worst[key]) worst[key] = $3
        ctx = $1; if (!(ctx in cworst) || $3 > cworst[ctx]) cworst[ctx] = $3
        if ($3 > overall) overall = $3
    }
    END {
        printf "  %-10s %s\n", "fault", "slowest of the five places"
        for (k in worst) printf "  %-10s %.2f s\n", k, worst[k]
        printf "  %-14s %s\n", "place", "slowest of the nine faults"
        for (c in cworst) printf "  %-14s %.2f s\n", c, cworst[c]
        printf "Worst case: limit + %.2f s\n", overall - 2
    }' "$figures"
echo
echo "Ctrl-C to the shell saying so (program and children stopped):"
awk -F'\t' '$1 == "ctrl-c" { printf "  %-14s %.2f s\n", $2, $3 }' "$figures"
