"""Shared by every test: the check that the test run leaves the repository's files as they were
(clean_tree.py), and pytester for testing that check."""

from clean_tree import pytest_sessionfinish, pytest_sessionstart, pytest_terminal_summary  # noqa: F401

pytest_plugins = ["pytester"]
