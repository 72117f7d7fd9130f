#!/usr/bin/env bash
# build-llama-server.sh builds llama.cpp's llama-server (CPU, static) from the
# llama.cpp source the npm package node-llama-cpp ships (see lib.sh) and prints
# the binary's path. Cached: a second run prints the path at once.
# About 40 minutes on two busy cores. Needs cmake (apt-get install -y cmake),
# a C/C++ compiler, npm and git. MATHEVAL_BUILD_JOBS sets make's -j (default 2).
. "$(dirname "$0")/lib.sh"

if [ -x "$LLAMA_SERVER_BIN" ]; then echo "$LLAMA_SERVER_BIN"; exit 0; fi
need cmake "apt-get install -y cmake"
need g++ "apt-get install -y build-essential"
llama_source

start=$(date +%s)
out=$(dirname "$LLAMA_SERVER_BIN")
build=$out/build
mkdir -p "$out"
cmake -S "$LLAMA_SRC" -B "$build" -DCMAKE_BUILD_TYPE=Release \
	-DBUILD_SHARED_LIBS=OFF -DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF \
	-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF >"$out/cmake.log" 2>&1 ||
	die "cmake configure failed (log: $out/cmake.log)"
cmake --build "$build" --target llama-server -j "${MATHEVAL_BUILD_JOBS:-2}" >>"$out/cmake.log" 2>&1 ||
	die "cmake --build --target llama-server failed (log: $out/cmake.log)"
bin=$(find "$build" -type f -name llama-server -perm -u+x | head -n 1)
[ -n "$bin" ] || die "the build wrote no llama-server (log: $out/cmake.log)"
cp "$bin" "$LLAMA_SERVER_BIN.tmp"
mv "$LLAMA_SERVER_BIN.tmp" "$LLAMA_SERVER_BIN"
rm -rf "$build"
echo "built llama-server (node-llama-cpp@$NODE_LLAMA_CPP_VERSION) in $(( $(date +%s) - start ))s" >&2
echo "$LLAMA_SERVER_BIN"
