"""Ishido: place 72 stones by matching colour or symbol."""
from games.core.kit.registry import register

INFO = register(__name__, title="Ishido", players=1,
                blurb="Place 72 stones by matching colour or symbol")
