"""Renderer-independent views of the state (text now; the scene and SVG come with the board)."""
