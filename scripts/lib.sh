# shellcheck shell=bash
# scripts/lib.sh: what the scripts share, written once: die, median and the
# Release build of referee. Sourced by the bash scripts (`. "$here/scripts/lib.sh"`,
# after `set -euo pipefail`); the Python ones run it: `scripts/lib.sh build DIR`.
#
# die MESSAGE [STATUS]: "NAME: MESSAGE" on stderr, NAME the script's file name,
#   and exit with STATUS (default 1).
# median NUMBER...: the median of the numbers, the lower middle one of an even
#   count (sort -g order).
# lib_build DIR: referee and its bots built in DIR as a Release build, tests off,
#   the packages the build needs installed first when missing (scripts/deps);
#   nothing on stdout, and a failing step named through die.

lib_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

die() {
    echo "$(basename "$0"): $1" >&2
    exit "${2:-1}"
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

lib_build() {
    "$lib_root/scripts/deps" >/dev/null || die "cannot install the build dependencies"
    cmake -S "$lib_root" -B "$1" -DCMAKE_BUILD_TYPE=Release -DREFEREE_TESTS=OFF >/dev/null ||
        die "cmake configure failed"
    cmake --build "$1" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null || die "build failed"
}

# Run rather than sourced: the one command, for the scripts in Python.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    set -euo pipefail
    if [ "${1:-}" != build ] || [ $# -ne 2 ]; then
        die "usage: scripts/lib.sh build DIR" 2
    fi
    lib_build "$2"
fi
