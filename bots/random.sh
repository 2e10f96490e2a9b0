#!/usr/bin/env bash
# A random bot: answers each turn with a random legal move, in any game.
# Speaks protocol/PROTOCOL.md; only bash builtins, so no process per move.
# Usage: random.sh [seed]. With a seed, each game is seeded from it and the
# game's own `seed`, so a game plays the same whichever process plays it.
seed=$1
[[ -n $seed ]] && RANDOM=$seed
while read -r kind rest; do
    case $kind in
    game)
        if [[ -n $seed && " $rest " == *" seed "* ]]; then
            game_seed=${rest##* seed }
            game_seed=${game_seed%% *}
            RANDOM=$(((seed * 1000003 + game_seed % 1000000007) % 2147483647))
        fi
        ;;
    turn)
        read -ra legal <<<"${rest##* legal }"
        printf '%s\n' "${legal[RANDOM % ${#legal[@]}]}"
        ;;
    quit) break ;;
    esac
done
