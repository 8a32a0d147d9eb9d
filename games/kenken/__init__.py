"""Calcoolation: KenKen, a Latin square with arithmetic cages."""
from games.core.kit.registry import register

INFO = register(__name__, title="Calcoolation", players=1, lower_is_better=True,
                blurb="KenKen: a Latin square with arithmetic cages")
