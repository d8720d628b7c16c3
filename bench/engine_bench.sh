#!/bin/sh
# engine_bench.sh - build bench/engine_bench.c against the engine sources and run it next to the
# NumPy equivalents. Usage: bench/engine_bench.sh [N for matmul/inverse, default 2000] [only]
set -e
cd "$(dirname "$0")/.."
mkdir -p build
gcc -std=c11 -D_GNU_SOURCE -O2 -g -I. -Iengine -o build/engine_bench bench/engine_bench.c \
    engine/*.c engine/cpu/*.c -rdynamic -lz -lpthread -ldl -lm
N=${1:-2000}
./build/engine_bench "$N" "$2"
build/venv/bin/python bench/engine_bench.py "$N" "$2"
