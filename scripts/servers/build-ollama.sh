#!/usr/bin/env bash
# build-ollama.sh builds Ollama (CPU backend) from its Go module and prints
# the binary's path. Cached: a second run prints the path at once.
#
# `go install github.com/ollama/ollama@vX` fails: module zips leave out
# llama/llama.cpp/vendor/, so the header-only libraries (nlohmann json,
# miniaudio, stb_image) are missing. This copies the module source, adds those
# headers from llama.cpp's vendor/ (the node-llama-cpp bundle, see lib.sh) and
# runs `go build .` with cgo: 12.6 minutes on two busy cores (issue 34), 47 minutes
# (13 minutes of CPU) when eight builds and test runs share the two cores.
# Needs Go, a C/C++ compiler, npm and git.
. "$(dirname "$0")/lib.sh"

if [ -x "$OLLAMA_BIN" ]; then echo "$OLLAMA_BIN"; exit 0; fi
need go "install Go"
need gcc "apt-get install -y build-essential"
need g++ "apt-get install -y build-essential"
llama_source

start=$(date +%s)
dir=$(go mod download -json "github.com/ollama/ollama@v$OLLAMA_VERSION" |
	sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
[ -n "$dir" ] && [ -d "$dir" ] || die "go mod download github.com/ollama/ollama@v$OLLAMA_VERSION gave no source directory"
out=$(dirname "$OLLAMA_BIN")
src=$out/src
rm -rf "$src"
mkdir -p "$out"
cp -r "$dir" "$src"
chmod -R u+w "$src"
vendor=$src/llama/llama.cpp/vendor
for h in nlohmann/json.hpp nlohmann/json_fwd.hpp miniaudio/miniaudio.h stb/stb_image.h; do
	[ -f "$LLAMA_SRC/vendor/$h" ] || die "llama.cpp source has no vendor/$h"
	mkdir -p "$vendor/$(dirname "$h")"
	cp "$LLAMA_SRC/vendor/$h" "$vendor/$h"
done
(cd "$src" && CGO_ENABLED=1 go build -trimpath -ldflags "-X github.com/ollama/ollama/version.Version=$OLLAMA_VERSION" -o "$OLLAMA_BIN.tmp" .) || die "go build of ollama v$OLLAMA_VERSION failed"
mv "$OLLAMA_BIN.tmp" "$OLLAMA_BIN"
rm -rf "$src"
echo "built ollama v$OLLAMA_VERSION in $(( $(date +%s) - start ))s" >&2
echo "$OLLAMA_BIN"
