"""Scale-out on Ray: analyses, matches and option sweeps split into seeded shards, each a Ray
task, merged into one result.

Shard `i` of a job with seed `s` runs with `shard_seed(s, i)` over its share of the playouts (or
games), so the merged result depends on the seed and the shard count only: `serial=True` runs
the same shards in this process, and gives exactly what Ray gives. Ray is started on first use
(`ray.init()`: a local instance, or the cluster `RAY_ADDRESS` names); to use a running cluster,
call `ray.init(address="ray://HEAD:10001")` (or `"auto"` on a node of it) before these functions.
"""

import itertools
import math

import ludus

_MASK = (1 << 64) - 1


def shard_seed(seed, i):
    """The seed of shard `i` of a job seeded with `seed` (splitmix64 of both)."""
    z = (seed + (i + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def shard_sizes(n, shards):
    """`n` split into `shards` counts as even as can be, the larger first."""
    if shards < 1:
        raise ValueError("shards must be 1 or more")
    return [n // shards + (1 if i < n % shards else 0) for i in range(shards)]


def _source(game):
    """(path or text, options) of a Game or a path, to load the game again in a task; a Game's
    options include its edge limit (`max_edges`)."""
    if isinstance(game, ludus.Game):
        return game.source, dict(game.options, max_edges=game.max_edges)
    return str(game), {}


def _analyse_shard(source, options, playouts, seed, agents, agent_games):
    game = ludus.load_game(source, **options)
    return ludus.analyse(game, playouts=playouts, seed=seed, agents=agents,
                         agent_games=agent_games, threads=1)


def _match_shard(source, options, agents, games, seed):
    return ludus.match(ludus.load_game(source, **options), agents, games=games, seed=seed, threads=1)


def _run(function, calls, serial):
    """Each call's result, in order: in this process, or as Ray tasks."""
    if serial:
        return [function(*args) for args in calls]
    import ray

    task = ray.remote(num_cpus=1)(function)
    return ray.get([task.remote(*args) for args in calls])


def _rate(k, n):
    lo, hi = ludus.wilson_interval(k, n)
    return {"rate": k / n if n > 0 else 0.0, "ci95": [lo, hi]}


def _spread(parts, weights):
    n = sum(weights)
    mean = sum(w * p["mean"] for p, w in zip(parts, weights)) / max(n, 1)
    ss = sum((w - 1) * p["sd"] ** 2 + w * (p["mean"] - mean) ** 2 for p, w in zip(parts, weights) if w)
    return {"mean": mean, "sd": math.sqrt(ss / max(n - 1, 1)),
            "min": min(p["min"] for p, w in zip(parts, weights) if w),
            "max": max(p["max"] for p, w in zip(parts, weights) if w)}


def merge_analyses(reports, seed):
    """One report from the shards' reports: counts added, rates and spreads over all games.
    Branching, ending shares and captures are weighted by playouts."""
    live = [r for r in reports if r["playouts"] > 0]
    n = sum(r["playouts"] for r in live)
    weights = [r["playouts"] for r in live]
    out = dict(live[0])
    out.update(playouts=n, seed=seed)
    out["moves"] = _spread([r["moves"] for r in live], weights)
    out["edges"] = _spread([r["edges"] for r in live], weights)

    def mean_of(key, rows=live, w=weights):
        return sum(x * r[key] for r, x in zip(rows, w)) / max(sum(w), 1)

    out["branching"] = mean_of("branching")
    out["limit_share"] = mean_of("limit_share")
    out["captures_per_game"] = mean_of("captures_per_game")

    def rate(get):
        return _rate(round(sum(get(r)["rate"] * r["playouts"] for r in live)), n)

    for key in ("p1_wins", "p2_wins", "draws", "ranked"):
        if key in out:
            out[key] = rate(lambda r, key=key: r[key])
    if "more_wins" in out:
        out["more_wins"] = [rate(lambda r, k=k: r["more_wins"][k]) for k in range(len(out["more_wins"]))]
    shares = {}
    for r in live:
        for e in r["endings"]:
            shares.setdefault(e["condition"], [e["limit"], 0.0])[1] += e["share"] * r["playouts"]
    out["endings"] = [{"condition": c, "limit": lim, "share": s / n} for c, (lim, s) in shares.items()]
    agents = []
    for k, a in enumerate(out["agents"]):
        games = sum(r["agents"][k]["games"] for r in reports)
        points = round(2 * sum(r["agents"][k]["score"]["rate"] * r["agents"][k]["games"] for r in reports)) / 2
        agents.append({"agent": a["agent"], "games": games, "score": _rate(points, games)})
    out["agents"] = agents
    return out


def analyse(game, playouts=1000, seed=1, shards=2, agents=(), agent_games=0, serial=False):
    """`ludus.analyse` over `shards` Ray tasks (or in this process with `serial=True`), merged."""
    source, options = _source(game)
    calls = [
        (source, options, p, shard_seed(seed, i), list(agents), g)
        for i, (p, g) in enumerate(zip(shard_sizes(playouts, shards), shard_sizes(agent_games, shards)))
    ]
    return merge_analyses(_run(_analyse_shard, calls, serial), seed)


def merge_matches(results, seed):
    """One match table from the shards' tables: games, wins, draws and losses added."""
    live = [r for r in results if r["games"] > 0]
    games = sum(r["games"] for r in live)
    out = dict(live[0])
    out.update(games=games, seed=seed, threads=1)
    for key in ("wins", "agent_draws", "losses"):
        out[key] = {a: sum(r[key][a] for r in live) for a in out["agents"]}
    for key in ("draws", "stopped_at_edge_limit", "p1_wins", "p2_wins", "ranked"):
        out[key] = sum(r[key] for r in live)
    out["seat_wins"] = [sum(r["seat_wins"][s] for r in live) for s in range(len(out["seat_wins"]))]
    for key in ("mean_moves", "mean_edges"):
        out[key] = sum(r[key] * r["games"] for r in live) / games
    out["ms_per_move"] = {a: sum(r["ms_per_move"][a] * r["games"] for r in live) / games
                          for a in out["agents"]}
    out["score"], out["ci95"] = {}, {}
    for a in out["agents"]:
        points = out["wins"][a] + 0.5 * out["agent_draws"][a]
        n = out["wins"][a] + out["agent_draws"][a] + out["losses"][a]
        out["score"][a] = points / n if n else 0.0
        out["ci95"][a] = list(ludus.wilson_interval(points, n))
    return out


def match(game, agents, games=20, seed=1, shards=2, serial=False):
    """`ludus.match` over `shards` Ray tasks (or in this process), merged. Each shard turns the
    seats from its own first game."""
    source, options = _source(game)
    calls = [(source, options, list(agents), g, shard_seed(seed, i))
             for i, g in enumerate(shard_sizes(games, shards))]
    return merge_matches(_run(_match_shard, calls, serial), seed)


def sweep(game, grid, playouts=1000, seed=1, agents=(), agent_games=0, serial=False):
    """The whole grid of options (`{"counters": [3, 4, 5], "transfers": ["on", "off"]}`), one
    Ray task a setting: a table (a list of dicts; a pandas DataFrame if pandas is installed) of
    each setting's options with its figures."""
    source, base = _source(game)
    names = list(grid)
    settings = [dict(base, **dict(zip(names, values)))
                for values in itertools.product(*(grid[k] for k in names))]
    calls = [(source, s, playouts, seed, list(agents), agent_games) for s in settings]
    reports = _run(_analyse_shard, calls, serial)
    rows = []
    for s, r in zip(settings, reports):
        row = {k: s[k] for k in names}
        row.update(
            playouts=r["playouts"], mean_moves=r["moves"]["mean"], mean_edges=r["edges"]["mean"],
            branching=r["branching"], p1_wins=r["p1_wins"]["rate"], p2_wins=r["p2_wins"]["rate"],
            draws=r["draws"]["rate"], limit_share=r["limit_share"],
            captures_per_game=r["captures_per_game"],
        )
        for a in r["agents"]:
            row[f"{a['agent']} vs random"] = a["score"]["rate"]
        rows.append(row)
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(rows)
