#!/usr/bin/env bash
# One wave of a Hexwright batch played until decided, as a Slurm job array:
# task N plays shard N of SHARDS of wave WAVE (the matches between the
# sequential test's looks WAVE - 1 and WAVE) and writes it to RESULTS.
# deploy/slurm/until-decided submits it wave by wave from the submit host
# and runs `hexwright merge --until-decided` between waves; see
# deploy/README.md.
#
# SHARDS defaults to the array's task count, as in batch.sh. Every wave of a
# batch must be played with the same MAX, BOTS and SEED (the merge refuses
# files that differ).
#SBATCH --job-name=hexwright-wave
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --output=hexwright-wave-%A_%a.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-8}}
WAVE=${WAVE:?set WAVE, the wave to play (deploy/slurm/until-decided does)}
MAX=${MAX:-20000}
BOTS=${BOTS:-greedy,random}
SEED=${SEED:-1}
# The search bot's playouts per decision (empty: the ruleset's default).
PLAYOUTS=${PLAYOUTS:-}
MAP=${MAP:-maps/twin-fords.ron}
RESULTS=${RESULTS:-results}
TASK=${SLURM_ARRAY_TASK_ID:?run this as a Slurm array job (sbatch --array=0-N)}
if ((TASK >= SHARDS)); then
  echo "wave.sh: array task $TASK is not a shard of $SHARDS (give --array=0-$((SHARDS - 1)) or set SHARDS)" >&2
  exit 2
fi
mkdir -p "$RESULTS"
"$HEXWRIGHT" simulate "$MAP" --until-decided --max "$MAX" --bots "$BOTS" --seed "$SEED" ${PLAYOUTS:+--playouts "$PLAYOUTS"} \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --wave "$WAVE" --shard "$TASK/$SHARDS" \
  --out "$RESULTS/wave-$WAVE-shard-$TASK.json"
