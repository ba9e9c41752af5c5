#!/usr/bin/env bash
# A Hexwright batch as a Slurm job array: task N plays shard N of SHARDS
# (from SLURM_ARRAY_TASK_ID) and writes it to RESULTS. Submit it with the
# merge step after it, in a fresh RESULTS folder:
#
#   jid=$(sbatch --parsable deploy/slurm/batch.sh)
#   sbatch --dependency=afterok:$jid deploy/slurm/merge.sh
#
# SHARDS defaults to the array's task count (SLURM_ARRAY_TASK_COUNT), so
# `sbatch --array=0-3 deploy/slurm/batch.sh` plays 4 shards. Set it only to
# re-run some shards of a batch (`SHARDS=8 sbatch --array=5 ...`); a task
# whose index is not below SHARDS fails before it plays. Logs are
# hexwright-shard-JOB_TASK.log (%A_%a), so two batches never share one.
#SBATCH --job-name=hexwright-batch
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --output=hexwright-shard-%A_%a.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
SHARDS=${SHARDS:-${SLURM_ARRAY_TASK_COUNT:-8}}
MATCHES=${MATCHES:-100000}
BOTS=${BOTS:-greedy,random}
SEED=${SEED:-1}
# The search bot's playouts per decision (empty: the ruleset's default).
PLAYOUTS=${PLAYOUTS:-}
MAP=${MAP:-maps/twin-fords.ron}
RESULTS=${RESULTS:-results}
TASK=${SLURM_ARRAY_TASK_ID:?run this as a Slurm array job (sbatch --array=0-N)}
if ((TASK >= SHARDS)); then
  echo "batch.sh: array task $TASK is not a shard of $SHARDS (give --array=0-$((SHARDS - 1)) or set SHARDS)" >&2
  exit 2
fi
mkdir -p "$RESULTS"
"$HEXWRIGHT" simulate "$MAP" --matches "$MATCHES" --bots "$BOTS" --seed "$SEED" ${PLAYOUTS:+--playouts "$PLAYOUTS"} \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --shard "$TASK/$SHARDS" \
  --out "$RESULTS/shard-$TASK.json"
