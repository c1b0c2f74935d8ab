"""Tests of the project as a whole: docs, README, notebooks, packaging, tools, import layering and the test harness itself."""
