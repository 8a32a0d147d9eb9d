"""Mu Torere: the Maori blocking game on an eight-pointed star."""
from games.core.kit.registry import register

INFO = register(__name__, title="Mu Torere", players=2,
                blurb="The Maori blocking game on an eight-pointed star")
