"""Poggle: multi-colour Lights Out, bring every button to zero."""
from games.core.kit.registry import register

INFO = register(__name__, title="Poggle", players=1, lower_is_better=True,
                blurb="Multi-colour Lights Out: bring every button to zero")
