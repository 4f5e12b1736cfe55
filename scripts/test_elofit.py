#!/usr/bin/env python3
"""Checks of the Elo fit behind scripts/ladder.py and scripts/fit-levels.py (stdlib only):

    python3 -m unittest discover -s scripts -p 'test_*.py'
"""
import json
import math
import subprocess
import sys
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import elofit  # noqa: E402


class ElofitTest(unittest.TestCase):
    def test_one_anchor_gives_the_performance_rating(self):
        # Against a single anchor the likelihood is maximal where the expected score equals the
        # score: R + 400 log10(s / (1 - s)).
        for points, games in ((3, 4), (1, 4), (5.5, 12), (6, 12)):
            s = points / games
            r = elofit.fit([("x", 1800, points, games)])["x"]
            self.assertAlmostEqual(r.elo, 1800 + 400 * math.log10(s / (1 - s)), places=3)
            self.assertTrue(r.bounded)

    def test_interval_is_the_fisher_information_bound(self):
        # At an even score the information of n games is n/4 * K^2, so the 95 % half-width is
        # 1.96 / (K * sqrt(n / 4)).
        r = elofit.fit([("x", 2000, 10, 20)])["x"]
        self.assertAlmostEqual(r.elo, 2000, places=6)
        self.assertAlmostEqual(r.half, 1.96 / (elofit.K * math.sqrt(20 / 4)), places=6)

    def test_symmetric_results_meet_in_the_middle(self):
        r = elofit.fit([("x", 1350, 4, 4), ("x", 1600, 0, 4)])["x"]
        self.assertAlmostEqual(r.elo, 1475, places=6)
        self.assertEqual((r.games, r.points), (8, 4))

    def test_a_perfect_score_is_flagged_not_estimated(self):
        for points in (0, 4):
            r = elofit.fit([("x", 1350, points, 4)])["x"]
            self.assertFalse(r.bounded)
            self.assertEqual(r.half, math.inf)

    def test_points_are_counted_from_each_players_side(self):
        fit = elofit.fit([("a", "b", 15, 20), ("b", 1800, 10, 20)])
        self.assertEqual((fit["a"].points, fit["b"].points), (15, 15))
        self.assertAlmostEqual(fit["b"].elo, 1800, places=3)
        self.assertAlmostEqual(fit["a"].elo - fit["b"].elo, 400 * math.log10(3), places=3)

    def test_reproduces_the_earlier_harness_anchor_ratings(self):
        # Those ratings were computed by a different implementation (the earlier external
        # harness); both must agree on the same raw results.
        data = json.loads((HERE / "data" / "anchors.json").read_text())
        for name, entry in data["engines"].items():
            earlier = entry["earlier"]
            results = [("x", r["anchor"], r["points"], r["games"]) for r in earlier["results"]]
            r = elofit.fit(results)["x"]
            self.assertEqual((round(r.elo), round(r.half)), (earlier["elo"], earlier["err95"]), name)

    def test_level_fit_reproduces_the_published_ratings(self):
        # docs/engine-notes.md and src/engine/level.rs carry these (2026-11-22, build 78099ef).
        out = subprocess.run([sys.executable, str(HERE / "fit-levels.py"), str(HERE / "data" / "levels-78099ef.txt")],
                             capture_output=True, text=True, check=True).stdout
        got = {line.split("\t")[0]: (int(line.split("\t")[1]), int(line.split("\t")[2].split()[1]))
               for line in out.splitlines()}
        published = {"L1": (914, 236), "L2": (1350, 127), "L3": (1570, 96), "L4": (1737, 90), "L5": (1796, 87),
                     "L6": (1876, 86), "L7": (1902, 80), "L8": (2137, 84), "L9": (2204, 84), "L10": (2325, 55)}
        self.assertEqual(got, published)


if __name__ == "__main__":
    unittest.main()
