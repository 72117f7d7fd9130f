#!/usr/bin/env bash
# Times `matheval mm verify` against metamath-exe on the same database in the
# same run, alternating the two so that load from other processes hits both
# alike, and prints each run's wall time and peak RSS, the medians and the
# speed ratio.
#
# usage: bench/mmspeed/metamath_vs_exe.sh [SET.MM] [ROUNDS]
# needs: metamath (Debian package metamath), GNU time (/usr/bin/time), go.
set -euo pipefail
db=${1:-/usr/share/metamath/databases/set.mm}
rounds=${2:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
command -v metamath >/dev/null || { echo "metamath-exe not installed (apt-get install metamath metamath-databases)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed" >&2; exit 2; }
[ -f "$db" ] || { echo "database $db not found" >&2; exit 2; }
bin=$(mktemp -d)/matheval
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$root" && go build -o "$bin" ./cmd/matheval)
dir=$(cd "$(dirname "$db")" && pwd); base=$(basename "$db")
tmp=$(dirname "$bin")
ours=(); theirs=(); ours_kb=(); theirs_kb=(); ours_cpu=(); theirs_cpu=()
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$rounds"); do
	(cd "$dir" && /usr/bin/time -f '%e %M %U %S' -o "$tmp/t1" "$bin" mm verify -q "$base") || { echo "matheval failed" >&2; exit 1; }
	(cd "$dir" && /usr/bin/time -f '%e %M %U %S' -o "$tmp/t2" metamath "read $base" 'verify proof *' exit >"$tmp/exe.out")
	grep -q 'All proofs in the database were verified' "$tmp/exe.out" || { echo "metamath-exe did not verify $base" >&2; tail "$tmp/exe.out" >&2; exit 1; }
	read -r s1 k1 u1 y1 <"$tmp/t1"; read -r s2 k2 u2 y2 <"$tmp/t2"
	c1=$(echo "$u1 + $y1" | bc -l); c2=$(echo "$u2 + $y2" | bc -l)
	ours+=("$s1"); theirs+=("$s2"); ours_kb+=("$k1"); theirs_kb+=("$k2"); ours_cpu+=("$c1"); theirs_cpu+=("$c2")
	printf 'round %d: matheval %6.2f s wall %6.2f s cpu %4d MiB | metamath-exe %6.2f s wall %6.2f s cpu %4d MiB | wall ratio %.2fx\n' \
		"$i" "$s1" "$c1" $((k1 / 1024)) "$s2" "$c2" $((k2 / 1024)) "$(echo "$s2 / $s1" | bc -l)"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
m1=$(median "${ours[@]}"); m2=$(median "${theirs[@]}")
r1=$(median "${ours_kb[@]}"); r2=$(median "${theirs_kb[@]}")
x1=$(median "${ours_cpu[@]}"); x2=$(median "${theirs_cpu[@]}")
printf 'median: matheval %.2f s wall, %.2f s cpu, peak RSS %d MiB | metamath-exe %.2f s wall, %.2f s cpu, peak RSS %d MiB\n' \
	"$m1" "$x1" $((${r1%.*} / 1024)) "$m2" "$x2" $((${r2%.*} / 1024))
printf 'matheval is %.2fx faster (wall), %.2fx less cpu\n' "$(echo "$m2 / $m1" | bc -l)" "$(echo "$x2 / $x1" | bc -l)"
