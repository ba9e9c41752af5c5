#!/usr/bin/env bash
# One wave of a Hexwright balance across skill levels, as a Slurm job array:
# task N plays shard N of SHARDS of wave WAVE of every level in SKILLS (the
# same bot on every seat; the matches between each level's looks WAVE - 1
# and WAVE) and writes them to RESULTS/wave-WAVE-shard-N.json.
#
#   SCRIPT=balance-wave.sh SKILLS=greedy,planner,search deploy/slurm/until-decided --array=0-7
#
# plays it wave by wave: after each wave `hexwright merge --until-decided`
# tests every level and names the next wave and the levels still undecided
# ("Next wave:   3 for planner,search: ..."), and the driver plays that wave
# for those levels only. Every wave must be played with the same MAX,
# MARGIN and SEED. SHARDS defaults to the array's task count, as in batch.sh.
#SBATCH --job-name=hexwright-balance
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --output=hexwright-balance-%A_%a.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-8}}
WAVE=${WAVE:?set WAVE, the wave to play (deploy/slurm/until-decided does)}
SKILLS=${SKILLS:-greedy,planner}
MAX=${MAX:-20000}
MARGIN=${MARGIN:-0.05}
SEED=${SEED:-1}
# The search bot's playouts per decision (empty: the ruleset's default).
PLAYOUTS=${PLAYOUTS:-}
MAP=${MAP:-maps/twin-fords.ron}
RESULTS=${RESULTS:-results}
TASK=${SLURM_ARRAY_TASK_ID:?run this as a Slurm array job (sbatch --array=0-N)}
if ((TASK >= SHARDS)); then
  echo "balance-wave.sh: array task $TASK is not a shard of $SHARDS (give --array=0-$((SHARDS - 1)) or set SHARDS)" >&2
  exit 2
fi
mkdir -p "$RESULTS"
"$HEXWRIGHT" balance "$MAP" --skills "$SKILLS" --max "$MAX" --margin "$MARGIN" --seed "$SEED" ${PLAYOUTS:+--playouts "$PLAYOUTS"} \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --wave "$WAVE" --shard "$TASK/$SHARDS" \
  --out "$RESULTS/wave-$WAVE-shard-$TASK.json"
