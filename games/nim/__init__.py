"""Nim: heaps, nimbers and the XOR that wins."""
from games.core.kit.registry import register

INFO = register(__name__, title="Nim", players=2,
                blurb="Heaps, nimbers and the XOR that wins")
