"""How sensitive the subject of a message is: how much nearer it is to the nearest description of a sensitive
subject (health, relationships, money trouble, the law, residence status, mental health, losing a job, shame)
than to the nearest description of an everyday one (chores, hobbies, meals, trips, routine work). Each is
described in both languages in general terms and embedded in query mode, like the scene prototypes of
``intent``. It reads the subject, not the wording: "my scan came back unclear" is near the health description
without sharing a word with it. The everyday side takes off what a language adds to every similarity (the
small embedder puts any two Chinese texts nearer than an English and a Chinese one).

``forget_matching`` reads it: what people ask to have forgotten is mostly such a subject, so a request whose
description the small embedder cannot tie to any one message ("my family worries" for a message about a son's
divorce) most likely means the user's message whose subject is sensitive and that the description fits too.
"""
from functools import lru_cache

import numpy as np

from .providers import get_embedder
from .providers.embedders import EmbedderError, unit_rows

# One sentence per language and kind, written for this taxonomy (never taken from a conversation).
SENSITIVE_SUBJECT_DESCRIPTIONS = {
    "health": ("a private health condition, a diagnosis, a medication, a pregnancy",
               "我的病情、诊断、在吃的药、怀孕了"),
    "relationships": ("trouble in my marriage or relationship, a separation, a family quarrel",
                      "夫妻感情出了问题、分居、家里闹矛盾"),
    "money_trouble": ("money trouble, debt, a loan I cannot pay back, being broke",
                      "欠了钱、借的钱还不上、手头很紧"),
    "legal": ("legal trouble, an arrest, a court case, a criminal record",
              "惹上了官司、被警察抓过、有案底"),
    "residence_status": ("my immigration or residence status, an expired permit",
                         "签证或者居留身份出了问题"),
    "mental_health": ("my mental health, feeling depressed or anxious, seeing a therapist",
                      "心理状态不好、抑郁、焦虑、在看心理医生"),
    "job_loss": ("losing my job, being fired or laid off",
                 "丢了工作、被裁员、被开除"),
    "shame": ("something embarrassing I have not told anyone",
              "不好意思跟别人说的丢人的事"),
}


EVERYDAY_SUBJECT_DESCRIPTIONS = {
    "chores": ("an everyday errand, shopping or chores at home", "日常的家务、买东西、跑腿"),
    "pastimes": ("a hobby, a sport or something fun I did at the weekend", "业余爱好、运动、周末玩了什么"),
    "meals": ("food, a meal or a restaurant I like", "吃的东西、一顿饭、喜欢的餐馆"),
    "getting_about": ("plans for a trip, the weather, the commute", "出行计划、天气、上下班路上"),
    "routine_work": ("the usual tasks and schedule of my work", "工作上的日常安排和待办事项"),
}


@lru_cache(maxsize=4)
def _prototypes(embedder_name: str) -> tuple[np.ndarray, np.ndarray]:
    """One unit vector per description sentence, sensitive and everyday (a different embedder, a different space).
    Not averaged per kind: an English and a Chinese sentence average to a point near neither."""
    embedder = get_embedder()
    return tuple(unit_rows(embedder.embed_queries([sentence for pair in descriptions.values() for sentence in pair]))
                 for descriptions in (SENSITIVE_SUBJECT_DESCRIPTIONS, EVERYDAY_SUBJECT_DESCRIPTIONS))


def sensitivity(vectors: list[np.ndarray]) -> np.ndarray | None:
    """Each (passage) vector's cosine to the nearest sensitive-subject description minus its cosine to the nearest
    everyday one; None when the embedder is down or made vectors of another dimension."""
    try:
        sensitive, everyday = _prototypes(get_embedder().name)
    except EmbedderError:
        return None
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[1] != sensitive.shape[1]:
        return None
    matrix = unit_rows(matrix)
    return (matrix @ sensitive.T).max(axis=1) - (matrix @ everyday.T).max(axis=1)
