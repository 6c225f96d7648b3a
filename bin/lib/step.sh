# The step a script is at, so that a failure under `set -e` (which exits saying nothing, from
# wherever the failing command is, a function included) ends with a line naming what failed and
# where its output is: the script's EXIT trap calls say_failed_step.
STEP=
STEP_LOG=

# step WHAT [LOG]: WHAT is the current step; LOG the file its output goes to (none: the terminal,
# above the failure line). `step ""` once the script's work is done (a stop is then no failure).
step() {
  STEP=$1 STEP_LOG=${2:-}
}

# say_failed_step SCRIPT CODE: when CODE is not 0, the line naming the step that failed and its log.
say_failed_step() {
  local script="$1" code="$2"
  if [ "$code" = 0 ] || [ -z "$STEP" ]; then return 0; fi
  echo "$script: failed (exit $code) at: $STEP (log: ${STEP_LOG:-its output above})" >&2
}
