#!/usr/bin/env bash
# A Hexwright ladder as a Slurm job array: task N plays shard N of SHARDS of
# every pair of BOTS (MATCHES per pair, from SEED) and writes it to
# RESULTS/ladder-N.json. Submit it with the merge step after it, in a fresh
# RESULTS folder; merge.sh sees a ladder's files and writes its ratings
# (report.txt, report.json), as `hexwright ladder` prints them in one process:
#
#   jid=$(sbatch --parsable --array=0-7 deploy/slurm/ladder.sh)
#   sbatch --dependency=afterok:$jid deploy/slurm/merge.sh
#
# Every task plays the same slice of every pair, so the slow pairs (the
# search bot's, about 10 s a match) are spread evenly. SHARDS defaults to
# the array's task count, as in batch.sh.
#SBATCH --job-name=hexwright-ladder
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --output=hexwright-ladder-%A_%a.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-8}}
MATCHES=${MATCHES:-400}
BOTS=${BOTS:-random,greedy,planner,search}
SEED=${SEED:-1}
# The search bot's playouts per decision (empty: the ruleset's default).
PLAYOUTS=${PLAYOUTS:-}
MAP=${MAP:-maps/twin-fords.ron}
RESULTS=${RESULTS:-results}
TASK=${SLURM_ARRAY_TASK_ID:?run this as a Slurm array job (sbatch --array=0-N)}
if ((TASK >= SHARDS)); then
  echo "ladder.sh: array task $TASK is not a shard of $SHARDS (give --array=0-$((SHARDS - 1)) or set SHARDS)" >&2
  exit 2
fi
mkdir -p "$RESULTS"
"$HEXWRIGHT" ladder "$MAP" --bots "$BOTS" --matches "$MATCHES" --seed "$SEED" ${PLAYOUTS:+--playouts "$PLAYOUTS"} \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --shard "$TASK/$SHARDS" \
  --out "$RESULTS/ladder-$TASK.json"
