#!/usr/bin/env bash
# A Hexwright batch as a Slurm job array: task N plays shard N of SHARDS
# (from SLURM_ARRAY_TASK_ID) and writes it to RESULTS. Submit it with the
# merge step after it:
#
#   jid=$(sbatch --parsable deploy/slurm/batch.sh)
#   sbatch --dependency=afterok:$jid deploy/slurm/merge.sh
#
# SHARDS must match the --array range (0 to SHARDS - 1).
#SBATCH --job-name=hexwright-batch
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --output=hexwright-shard-%a.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
SHARDS=${SHARDS:-8}
MATCHES=${MATCHES:-100000}
BOTS=${BOTS:-greedy,random}
SEED=${SEED:-1}
MAP=${MAP:-maps/twin-fords.ron}
RESULTS=${RESULTS:-results}
mkdir -p "$RESULTS"
"$HEXWRIGHT" simulate "$MAP" --matches "$MATCHES" --bots "$BOTS" --seed "$SEED" \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" \
  --out "$RESULTS/shard-$SLURM_ARRAY_TASK_ID.json"
