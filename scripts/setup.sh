#!/usr/bin/env bash
# Sets up a Debian/Ubuntu machine to build and run nessie: installs an
# OpenCL platform (PoCL, on the CPU) when none is registered. Rust is
# expected to be installed already (https://rustup.rs).
set -euo pipefail

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo not found; install Rust first: https://rustup.rs" >&2
    exit 1
fi

if ls /etc/OpenCL/vendors/*.icd >/dev/null 2>&1; then
    echo "setup: an OpenCL platform is already registered: $(ls /etc/OpenCL/vendors/)"
else
    echo "setup: installing PoCL (OpenCL on the CPU)"
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y pocl-opencl-icd ocl-icd-libopencl1
fi
