#!/usr/bin/env bash
# A random bot: answers each turn with a random legal move, in any game.
# Speaks protocol/PROTOCOL.md; only bash builtins, so no process per move.
# Usage: random.sh [seed]
[[ -n $1 ]] && RANDOM=$1
while read -r kind rest; do
    case $kind in
    turn)
        read -ra legal <<<"${rest##* legal }"
        printf '%s\n' "${legal[RANDOM % ${#legal[@]}]}"
        ;;
    quit) break ;;
    esac
done
