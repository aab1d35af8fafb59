"""Scenes (what a message is about) and the memory keys that belong to them.

A memory key is dotted; its first segment is its topic, and the topic maps to a scene. Extraction,
intent detection and recall all speak this vocabulary.
"""

SCENES = (
    "shipping", "food", "health", "budget", "schedule", "profile", "reply_style", "travel", "work",
    "family", "pets", "hobby", "shopping", "home", "small_talk", "general_knowledge",
)

# key prefix (first segment) -> scene
TOPIC_SCENE = {
    "shipping": "shipping", "logistics": "shipping",
    "food": "food", "diet": "food", "drink": "food",
    "health": "health", "allergy": "health",
    "budget": "budget", "finance": "budget",
    "schedule": "schedule", "event": "schedule", "deadline": "schedule",
    "profile": "profile", "identity": "profile",
    "reply": "reply_style",
    "travel": "travel",
    "work": "work", "business": "work",
    "family": "family", "relationship": "family",
    "pet": "pets", "pets": "pets",
    "hobby": "hobby",
    "shopping": "shopping",
    "home": "home",
}

# Keys that describe the user as a person: they go to the profile slot.
PROFILE_TOPICS = {"profile", "reply", "work", "family", "health", "diet"}


def scene_of_key(key: str) -> str:
    return TOPIC_SCENE.get(key.split(".", 1)[0], "general")
