#!/bin/sh
# A CLI test that can fail: runs a command, requires its exit code and its output (stdout and stderr
# together) to match an extended regular expression (grep -E). ctest's PASS_REGULAR_EXPRESSION
# ignores the exit code, so every CLI test goes through here instead.
# usage: expect.sh EXIT_CODE REGEX COMMAND [ARG...]
set -u
if [ "$#" -lt 3 ]; then
  echo "usage: expect.sh EXIT_CODE REGEX COMMAND [ARG...]" >&2
  exit 2
fi
want_rc=$1
regex=$2
shift 2
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out"
fail=0
if [ "$rc" -ne "$want_rc" ]; then
  echo "expect.sh: exit code $rc, expected $want_rc" >&2
  fail=1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$regex"; then
  echo "expect.sh: no line of the output matches: $regex" >&2
  fail=1
fi
exit "$fail"
