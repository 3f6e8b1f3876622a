#!/usr/bin/env bash
# nessie's examples on the NVIDIA GPU of the lent machine, against the
# interpreter and CuPy, in one run. Through the `device` tool, from the
# repository root, with the release binary built here and carried along:
#
#   device run, command: scripts/gpu/run.sh
#               carry:   ["target/release/nessie"]
#
# The machine has NVIDIA's OpenCL driver but registers only PoCL; this
# registers NVIDIA's ICD first. The report goes to stdout and $OUT/report.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p /etc/OpenCL/vendors
[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
export POCL_CACHE_DIR="${TMPDIR:-/tmp}/nessie-pocl-cache"
exec python3 scripts/gpu/bench.py "$@"
