"""Nim: heaps, nimbers and the XOR that wins."""
from games.core.registry import register

INFO = register(__name__, title="Nim", players=2,
                blurb="Heaps, nimbers and the XOR that wins")
