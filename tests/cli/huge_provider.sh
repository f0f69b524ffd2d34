#!/bin/sh
# The CLI with a 100 000-entry provider file answers promptly: exit 3 and the error on stderr.
# usage: huge_provider.sh GPUSIZER WORKDIR
set -u
file="$2/huge-provider.json"
awk 'BEGIN { printf "{\"gpus\":["; for (i = 0; i < 100000; i++) printf "%s{\"id\":\"g%d\"}", (i ? "," : ""), i; print "]}" }' > "$file"
start=$(date +%s%N)
timeout 10 "$1" 'v=1' --provider "$file" 2> "$2/huge-provider.err" > /dev/null
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
cat "$2/huge-provider.err"
echo "exit $rc in $ms ms"
[ "$rc" -eq 3 ] && [ "$ms" -lt 2000 ] && grep -q "gpus: 100000 entries, at most 500" "$2/huge-provider.err"
