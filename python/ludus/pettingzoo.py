"""A PettingZoo AEC environment over a ludus game: `ludus.pettingzoo.env("games/ur.game")`.

Agents are `player_0`, `player_1`, ... in seat order. Observations are dicts of the state's
`observation_tensor()` and an int8 `action_mask` over `Game.num_distinct_actions()` (zeros for
an agent not to move). Dice are thrown inside `step`, from a stream seeded by `reset(seed)`.
Rewards come at the end: each player's `returns()` (+1 first, -1 last). A game stopped at its
edge limit (`load_game`'s `max_edges`) ends in truncations, not terminations.
"""

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import ludus


def env(path, render_mode=None, **options):
    """The AEC environment of a `.game` file (or ludeme text) with option settings."""
    return LudusEnv(path, render_mode=render_mode, **options)


class LudusEnv(AECEnv):
    """One ludus game as an AEC environment: one agent acts at a time, dice thrown between."""

    metadata = {"render_modes": ["ansi", "human"], "name": "ludus_v0", "is_parallelizable": False}

    def __init__(self, path, render_mode=None, **options):
        super().__init__()
        self.game = ludus.load_game(path, **options)
        self.render_mode = render_mode
        players = self.game.num_players()
        self.possible_agents = [f"player_{p}" for p in range(players)]
        size = self.game.num_distinct_actions()
        shape = self.game.observation_tensor_shape()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, shape, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.state = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and agent == self.agent_selection:
            mask[self.state.legal_actions()] = 1
        return {"observation": self.state.observation_tensor(), "action_mask": mask}

    def _throw(self):
        while self.state.is_chance_node():
            self.state.apply_action(self._dice.throw(self.state))

    def _select(self):
        player = self.state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]

    def reset(self, seed=None, options=None):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
        self._dice = ludus.Dice(self.game, int(seed), 0)
        self.state = self.game.new_initial_state()
        self._throw()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_action(int(action))
        self._throw()
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            # A game stopped at the edge limit is cut short (truncated), not ended by its rules.
            ends = self.truncations if self.state.is_stopped() else self.terminations
            for a, r in zip(self.agents, self.state.returns()):
                self.rewards[a] = float(r)
                ends[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
