#!/usr/bin/env bash
# Merges the shards of deploy/slurm/batch.sh into the batch's report
# (report.txt and report.json in RESULTS, and the text in the job's log),
# and writes the merged batch as RESULTS/merged.json for the sandbox's batch
# tab (Import batch...). After deploy/slurm/ladder.sh (RESULTS holds
# ladder-N.json) it writes the ladder's ratings instead. Submitted with --dependency=afterok on the array:
# if a shard fails, Slurm cancels this job (--kill-on-invalid-dep) instead
# of leaving it pending for ever.
#SBATCH --job-name=hexwright-merge
#SBATCH --kill-on-invalid-dep=yes
#SBATCH --output=hexwright-merge-%j.log
set -euo pipefail
HEXWRIGHT=${HEXWRIGHT:-hexwright}
RESULTS=${RESULTS:-results}
if compgen -G "$RESULTS/ladder-*.json" > /dev/null; then
  "$HEXWRIGHT" merge "$RESULTS"/ladder-*.json --json > "$RESULTS/report.json"
  "$HEXWRIGHT" merge "$RESULTS"/ladder-*.json | tee "$RESULTS/report.txt"
else
  "$HEXWRIGHT" merge "$RESULTS"/shard-*.json --json --out "$RESULTS/merged.json" > "$RESULTS/report.json"
  "$HEXWRIGHT" merge "$RESULTS"/shard-*.json | tee "$RESULTS/report.txt"
fi
