"""The rule extractor's topics: one module per domain, each registering its rules with a declared priority.

Importing this package registers every rule; the order of the imports below does not matter (see
``extraction.rules`` for how precedence is decided)."""
from . import activities, family_people, food_health, home_shopping, profile, reply_style, travel_places, work_money  # noqa: F401
