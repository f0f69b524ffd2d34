#!/bin/sh
# Stands in for python3 when the build found none: the test that needed it fails, saying why, rather
# than being left out of ctest's list. ./dev.sh setup installs Debian's python3 and python3-fonttools.
# usage: no_python3.sh SCRIPT [ARG...]
echo "FAILED: this test runs '$*' with Debian's python3 (/usr/bin/python3, with python3-fonttools)," >&2
echo "and cmake found no /usr/bin/python3 when it configured this build: install python3 and" >&2
echo "python3-fonttools (./dev.sh setup does), then re-run cmake." >&2
exit 1
