#!/usr/bin/env bash
# serve.sh SERVER [PORT] builds SERVER if needed (ollama or llama-server),
# writes the tiny models and serves them on 127.0.0.1:PORT until interrupted.
#
#   scripts/servers/serve.sh llama-server 8080   # tiny.gguf (add LOOP=1 for tiny-loop.gguf)
#   scripts/servers/serve.sh ollama 11434        # models tiny, tiny-greedy, tiny-loop
#
# then, for example:
#   matheval run math401 --limit 5 --model openai:tiny --base-url http://127.0.0.1:8080/v1
. "$(dirname "$0")/lib.sh"

server=${1:-}
port=${2:-}
here=$(dirname "$0")
models=$("$here/mkmodels.sh")
case "$server" in
llama-server)
	bin=$("$here/build-llama-server.sh")
	m=tiny
	[ "${LOOP:-}" = 1 ] && m=tiny-loop
	exec "$bin" -m "$models/$m.gguf" --host 127.0.0.1 --port "${port:-8080}" --jinja -c 2048
	;;
ollama)
	bin=$("$here/build-ollama.sh")
	export OLLAMA_HOST=127.0.0.1:${port:-11434}
	export OLLAMA_MODELS=$SERVERS_DIR/ollama-models
	"$bin" serve &
	pid=$!
	trap 'kill $pid 2>/dev/null' EXIT INT TERM
	for _ in $(seq 100); do
		"$bin" list >/dev/null 2>&1 && break
		kill -0 $pid 2>/dev/null || die "ollama serve exited"
		sleep 0.2
	done
	for m in tiny tiny-greedy tiny-loop; do
		"$bin" create "$m" -f "$models/$m.Modelfile" >/dev/null || die "ollama create $m failed"
	done
	echo "ollama serving tiny, tiny-greedy, tiny-loop on http://$OLLAMA_HOST/v1" >&2
	wait $pid
	;;
*) die "usage: serve.sh ollama|llama-server [PORT]" ;;
esac
