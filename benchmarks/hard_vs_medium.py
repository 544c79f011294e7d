"""hard (the searching player with the game's knowledge) against three medium, seats rotated, on one core.

Usage: hard_vs_medium.py GAME SIMULATIONS GAMES [SEED] [on|off|flat] [depth=N width=N]
Environment: POOL (world pool factor, default 4), MODEL=0/1 (override Knowledge.model_others).
Prints the win share with its 95 % Wilson interval and hard's decision times."""
import random, sys, time, math, importlib
import os
import importlib as _il; S = _il.import_module(os.environ.get("SEARCHMOD", "parlour.core.search"))
from parlour.core.rulesets import load_ruleset
game, iters, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
seed0 = int(sys.argv[4]) if len(sys.argv) > 4 else 1
mode = sys.argv[5] if len(sys.argv) > 5 else "on"
g = importlib.import_module(f"games.{game}").GAME
rules = load_ruleset(g).resolve()
agents_mod = importlib.import_module(f"games.{game}.agents")
know = g.search_knowledge(rules) if mode != "off" else S.Knowledge()
for kv in sys.argv[6:]:
    k, v = kv.split("=")
    if k == "depth": type(know).rollout_depth = None if v == "None" else int(v)
    elif k == "width": type(know).width = int(v)
    else: setattr(sys.modules[type(know).__module__], k, float(v))
if os.environ.get("MODEL") is not None: type(know).model_others = os.environ["MODEL"] == "1"
if mode == "flat":
    hard = S.FlatMonteCarloAgent(know, iters)
else:
    hard = S.SearchAgent(know, S.Budget(iterations=iters), pool_factor=int(__import__('os').environ.get('POOL', '4')))
wins = 0.0; times = []; t0 = time.time()
for i in range(games):
    seed = seed0 * 1000 + i
    hs = i % 4
    state = g.new_game(4, rules, seed)
    agents = [hard if s == hs else agents_mod.MediumAgent(rules) for s in range(4)]
    rngs = [random.Random(seed * 10 + s) for s in range(4)]
    while not state.is_over:
        seat = state.to_move
        legal = state.legal_actions()
        view = state.view(seat)
        if seat == hs:
            t = time.perf_counter()
            state.events  # format the log once, not in every sampled world
            a = hard.choose(view, legal, rngs[seat], worlds=lambda r, st=state, se=seat: st.sample_world(se, r))
            times.append(time.perf_counter() - t)
        else:
            a = agents[seat].choose(view, legal, rngs[seat])
        state.apply(a)
    w = state.winners()
    if hs in w: wins += 1 / len(w)
p = wins / games; z = 1.96; n = games
den = 1 + z*z/n; c = (p + z*z/(2*n)) / den; h = z*math.sqrt(p*(1-p)/n + z*z/(4*n*n)) / den
times.sort()
print(f"{game} {mode} iters={iters} games={games}: win {p:.3f} [{c-h:.3f},{c+h:.3f}] decisions={len(times)} mean={sum(times)/len(times):.3f}s p99={times[int(.99*len(times))]:.3f}s max={times[-1]:.3f}s wall={time.time()-t0:.0f}s", flush=True)
