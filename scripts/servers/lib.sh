# Shared settings for the scripts in scripts/servers (sourced, not run).
#
# Everything is cached by version under MATHEVAL_SERVERS_DIR
# (default ~/.cache/matheval/servers):
#   src/node-llama-cpp-3.21.1/llama.cpp   llama.cpp's source, from the npm package's git bundle
#   ollama-v0.17.4/ollama                 the Ollama binary (built by build-ollama.sh)
#   llama.cpp-node-llama-cpp-3.21.1/llama-server   (built by build-llama-server.sh)
#   models/tiny.gguf, models/tiny-loop.gguf        (written by mkmodels.sh)
set -euo pipefail

OLLAMA_VERSION=${OLLAMA_VERSION:-0.17.4}
NODE_LLAMA_CPP_VERSION=${NODE_LLAMA_CPP_VERSION:-3.21.1}
SERVERS_DIR=${MATHEVAL_SERVERS_DIR:-$HOME/.cache/matheval/servers}
mkdir -p "$SERVERS_DIR"
SERVERS_DIR=$(cd "$SERVERS_DIR" && pwd)

OLLAMA_BIN=$SERVERS_DIR/ollama-v$OLLAMA_VERSION/ollama
LLAMA_SERVER_BIN=$SERVERS_DIR/llama.cpp-node-llama-cpp-$NODE_LLAMA_CPP_VERSION/llama-server
LLAMA_SRC=$SERVERS_DIR/src/node-llama-cpp-$NODE_LLAMA_CPP_VERSION/llama.cpp

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found ($2)"; }

# llama_source makes $LLAMA_SRC: llama.cpp's source as the npm package
# node-llama-cpp ships it (llama/gitRelease.bundle, a git bundle).
llama_source() {
	if [ -f "$LLAMA_SRC/CMakeLists.txt" ]; then return; fi
	need npm "install Node.js and npm"
	need git "install git"
	local tmp
	tmp=$(mktemp -d "$SERVERS_DIR/src.XXXXXX")
	(cd "$tmp" && npm pack --silent "node-llama-cpp@$NODE_LLAMA_CPP_VERSION" >/dev/null) ||
		die "npm pack node-llama-cpp@$NODE_LLAMA_CPP_VERSION failed"
	tar -xzf "$tmp/node-llama-cpp-$NODE_LLAMA_CPP_VERSION.tgz" -C "$tmp" package/llama/gitRelease.bundle ||
		die "node-llama-cpp@$NODE_LLAMA_CPP_VERSION has no llama/gitRelease.bundle"
	git clone --quiet "$tmp/package/llama/gitRelease.bundle" "$tmp/llama.cpp" ||
		die "cloning llama/gitRelease.bundle failed"
	mkdir -p "$(dirname "$LLAMA_SRC")"
	rm -rf "$LLAMA_SRC"
	mv "$tmp/llama.cpp" "$LLAMA_SRC"
	rm -rf "$tmp"
	echo "llama.cpp source: $LLAMA_SRC ($(git -C "$LLAMA_SRC" rev-parse --short HEAD))" >&2
}
