#!/usr/bin/env bash
# mkmodels.sh writes the two test models and prints the directory holding
# them: tiny.gguf (greedy reply "The answer is \boxed{2}.") and
# tiny-loop.gguf (the same reply repeated without end), with
# ../shared/tools/mkgguf.py (MATHEVAL_MKGGUF names another copy), and beside
# each an Ollama Modelfile. Cached.
. "$(dirname "$0")/lib.sh"

root=$(cd "$(dirname "$0")/../.." && pwd)
mk=${MATHEVAL_MKGGUF:-$root/../shared/tools/mkgguf.py}
dir=$SERVERS_DIR/models
mkdir -p "$dir"
for m in tiny tiny-loop; do
	if [ ! -s "$dir/$m.gguf" ]; then
		[ -f "$mk" ] || die "mkgguf.py not found at $mk (set MATHEVAL_MKGGUF)"
		need python3 "install Python 3"
		loop=()
		[ "$m" = tiny-loop ] && loop=(--loop)
		python3 "$mk" "$dir/$m.gguf.tmp" "${loop[@]}" >&2 || die "mkgguf.py failed"
		mv "$dir/$m.gguf.tmp" "$dir/$m.gguf"
	fi
	# Ollama's defaults, as they are: no PARAMETER lines (issue 34 measures
	# what temperature 0 gives with them). The -greedy Modelfile turns off
	# the repeat penalty, which OpenAI's request fields cannot reach.
	printf 'FROM %s\n' "$dir/$m.gguf" >"$dir/$m.Modelfile"
	printf 'FROM %s\nPARAMETER repeat_penalty 1\n' "$dir/$m.gguf" >"$dir/$m-greedy.Modelfile"
done
echo "$dir"
