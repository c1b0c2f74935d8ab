"""The JupyterLite site (issue 18), as JSON: how long from opening the site to a playable board on a
cold browser cache, and a board click in the site against the same click in JupyterLab.

    python benchmarks/lite.py        # needs the test extra (it has the lite extra) and /usr/bin/chromium

It runs tests/browser/test_lite.py (which builds the site, serves it on 127.0.0.1 and drives Debian
Chromium with every other request aborted); the tests save their figures beside their screenshots
and this prints them together:

- **open**: seconds from loading the site's front page (a fresh browser profile: nothing cached for
  the site's origin) to the play notebook shown, and to its board drawn after running its cell
  (budget 60 s, aim 20 s); the site's build time;
- **latency**: pointer-down on the board to the SVG surface's repaint, timed in the page, for the
  same 15 clicks (a draw, two discards, twelve card selections) on the same seed in the site and in
  JupyterLab (``sm.play(surface="svg")``): medians, intent clicks and selections apart, and the
  ratios (budget 2x);
- the machine's load average while it ran (the figures scale with it on a shared machine).
"""

from __future__ import annotations

import json
import os
import sys

from browser_run import browser_tests, read_figures

TESTS = ["tests/browser/test_lite.py"]


def main() -> int:
    load_before = os.getloadavg()
    with browser_tests(TESTS, "sm-lite-") as (status, folder):
        opened, latency = read_figures(folder, "lite-open.json"), read_figures(folder, "lite-latency.json")
    if opened is None and latency is None:
        print(json.dumps({"benchmark": "lite", "error": f"the tests did not run (pytest exit {status})"}))
        return 1
    result = {"benchmark": "lite", "open": opened, "latency": latency,
              "budgets": {"playable_s": 60, "playable_aim_s": 20, "click_ratio": 2.0},
              "load_average": {"before": [round(v, 2) for v in load_before],
                               "after": [round(v, 2) for v in os.getloadavg()]},
              "cpus": os.cpu_count(), "all_tests_passed": status == 0}
    print(json.dumps(result, indent=1))
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
