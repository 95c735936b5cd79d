#!/usr/bin/env bash
# CI on a busy machine (issue 38 item 1): runs `.ci/run`, unchanged, beside a bounded CPU hog — one `node -e`
# busy loop per core (2 on the CI machine), at the tests' own priority, for exactly the run's length. The tests
# must wait for conditions, never for time, so they pass here as on a quiet machine (only slower).
#
#   scripts/ci-under-load.sh                 # .ci/run under load
#   scripts/ci-under-load.sh -- CMD ARGS…    # any other command under the same load (e.g. to try the script)
#
# HOGS=N sets the number of loops (default: the number of cores). The loops cannot outlive the run: a trap kills
# them when the script ends (normally, on error, or on INT/TERM/HUP), each loop exits by itself when its parent
# is gone (the script killed with SIGKILL), and each stops after HOG_MAX_SECONDS (default 3600) whatever happens.
# Prints the load averages and the CPU seconds the hogs took, then exits with the command's status.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -- ]]; then
  shift
  command=("$@")
else
  command=(.ci/run "$@")
fi
if [[ ${#command[@]} -eq 0 ]]; then
  echo "usage: $0 [-- command args…]" >&2
  exit 2
fi

hogs=${HOGS:-$(nproc)}
max_seconds=${HOG_MAX_SECONDS:-3600}
if ! [[ $hogs =~ ^[1-9][0-9]*$ && $max_seconds =~ ^[1-9][0-9]*$ ]]; then
  echo "HOGS and HOG_MAX_SECONDS must be positive integers" >&2
  exit 2
fi

# A busy loop that checks, every few million turns, that its parent (this script) is still there and that its
# time is not up. The arguments are the parent's pid and the limit in seconds.
# shellcheck disable=SC2016 # JavaScript, not shell: nothing to expand.
hog_js='
const [parent, limit] = process.argv.slice(1).map(Number);
const end = Date.now() + limit * 1000;
let x = 0;
while (Date.now() < end && process.ppid === parent) for (let i = 0; i < 5e6; i++) x = (x + i) | 0;
'

hog_pids=()
command_pid=
stop_hogs() {
  local pid
  for pid in "${hog_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${hog_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  hog_pids=()
}
# On INT/TERM/HUP the command's whole process group (npm, Vitest, servers, Chromium) gets TERM too: it runs in
# its own session, in the background, so that this trap runs at once rather than after it ends.
stopped() {
  if [[ -n $command_pid ]]; then kill -TERM -- "-$command_pid" 2>/dev/null || true; fi
  stop_hogs
  exit "$1"
}
trap stop_hogs EXIT
trap 'stopped 130' INT
trap 'stopped 143' TERM
trap 'stopped 129' HUP

# CPU seconds a process has used so far (user + system, from /proc; 0 once it is gone).
cpu_seconds() {
  local stat fields
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || {
    echo 0
    return
  }
  stat=${stat##*) }
  # Fields after "pid (comm) ": state is 1st, utime the 12th, stime the 13th.
  read -r -a fields <<<"$stat"
  echo $(((fields[11] + fields[12]) / $(getconf CLK_TCK)))
}

for _ in $(seq 1 "$hogs"); do
  node -e "$hog_js" "$$" "$max_seconds" &
  hog_pids+=("$!")
done
echo "ci-under-load: $hogs CPU hog(s) started (pids ${hog_pids[*]}), load: $(cut -d' ' -f1-3 /proc/loadavg)"

start=$SECONDS
status=0
setsid "${command[@]}" &
command_pid=$!
wait "$command_pid" || status=$?
command_pid=

hog_cpu=0
alive=0
for pid in "${hog_pids[@]}"; do
  hog_cpu=$((hog_cpu + $(cpu_seconds "$pid")))
  if kill -0 "$pid" 2>/dev/null; then alive=$((alive + 1)); fi
done
stop_hogs
echo "ci-under-load: ${command[*]} exited $status after $((SECONDS - start)) s beside $hogs hog(s)" \
  "($alive still running at its end) that used $hog_cpu CPU s; load: $(cut -d' ' -f1-3 /proc/loadavg)"
exit "$status"
