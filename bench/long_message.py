"""Cost of one long message: ``service.after_turn`` (rules, no LLM, immediate task backend, so extraction, merge
and the snippet all run inside the call) for 2,000 / 4,000 / 8,000 characters, Chinese and English. If extraction
is linear in the message's length, the time roughly doubles from one size to the next. Nothing asserts on time.

    python bench/long_message.py [--sizes 2000,4000,8000] [--profile 8000]

The database is a throwaway SQLite file; each message goes to a fresh user (no memories to merge with), after a
warm-up that loads the embedder and embeds the object-kind vocabulary once (``extraction.things``, ~3 s once per
process, not per message). ``--profile N`` prints the top of a cProfile of after_turn for N characters.
"""
import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# First-person statements invented for this benchmark (hobbies, home, work, health, habits), varied by a counter
# so that a long message is not the same sentence again and again.
ENGLISH = [
    "I keep {n} beehives on the roof of my building.", "My sister teaches violin in Porto.",
    "I am allergic to kiwi.", "I never drink soda after {n} pm.", "I work as a tram driver.",
    "My dog Pepper is {n} years old.", "I prefer window seats on night trains.", "I live near the old harbour.",
    "I have been learning Icelandic for {n} months.", "I hate loud restaurants.", "My favourite tea is oolong.",
    "I usually cycle {n} kilometres to work.", "My brother repairs clocks for a living.",
    "I don't eat mushrooms.", "I am saving for a sailing boat.", "My daughter plays the cello.",
    "I go bouldering every Thursday.", "I grew up in a village by a lake.", "I sleep badly when it rains.",
    "I am vegetarian since {n} years.", "I collect old maps of river deltas.", "My wife is a marine biologist.",
    "I want answers in short bullet points.", "I can't stand coriander.", "My budget for the trip is {n} hundred euros.",
    "I bake sourdough on Sundays.", "I moved to a flat with a small garden.", "I do pottery on weekends.",
    "I take insulin twice a day.", "My parrot repeats the doorbell.", "I am training for a {n} km trail race.",
    "I prefer paper books to e-readers.", "I speak Portuguese at home.", "My grandfather built kites.",
    "I avoid flights that leave before six.", "I like very strong coffee.", "I repair vintage radios as a hobby.",
    "I have two cats called Fig and Moss.", "I am planning a trip to Lofoten in winter.",
    "I need quiet hotel rooms because I wake easily.",
]
CHINESE = [
    "我在楼顶养了{n}箱蜜蜂。", "我姐姐在青岛教小提琴。", "我对猕猴桃过敏。", "我晚上{n}点以后不喝汽水。",
    "我是开有轨电车的。", "我家狗叫豆豆，今年{n}岁。", "坐夜车我喜欢靠窗的位置。", "我住在老码头附近。",
    "我学冰岛语已经{n}个月了。", "我讨厌很吵的餐厅。", "我最喜欢的茶是乌龙。", "我每天骑车{n}公里去上班。",
    "我哥哥是修钟表的。", "我不吃蘑菇。", "我在攒钱买一条帆船。", "我女儿在学大提琴。", "我每周四去攀岩。",
    "我是在湖边的村子长大的。", "下雨天我睡不好。", "我吃素已经{n}年了。", "我收藏河口的老地图。",
    "我老婆是研究海洋生物的。", "回答请用简短的要点。", "我受不了香菜。", "这次旅行预算{n}千块。",
    "我周日会自己烤酸面包。", "我搬到了一个带小院子的房子。", "我周末做陶艺。", "我每天打两次胰岛素。",
    "我家鹦鹉会学门铃响。", "我在准备一场{n}公里的越野跑。", "比起电子书我更喜欢纸质书。", "我在家说粤语。",
    "我爷爷以前做风筝。", "我不坐六点前起飞的航班。", "我喜欢很浓的咖啡。", "我的爱好是修老收音机。",
    "我养了两只猫，叫无花果和青苔。", "我打算冬天去罗弗敦群岛。", "我睡觉很轻，酒店要安静的房间。",
]


def long_message(language: str, size: int) -> str:
    """At least ``size`` characters of varied first-person statements, cut at a sentence end."""
    sentences = CHINESE if language == "zh" else ENGLISH
    separator = "" if language == "zh" else " "
    parts, length, index = [], 0, 0
    while length < size:
        sentence = sentences[index % len(sentences)].format(n=3 + index % 17)
        if length + len(sentence) + len(separator) > size:
            break
        parts.append(sentence)
        length += len(sentence) + len(separator)
        index += 1
    return separator.join(parts)


def setup_django(folder: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("OPENAI_API_KEY", None)  # rules only: the figure is the cost of our own code
    os.environ.pop("OPENAI_BASE_URL", None)
    os.environ["CHATMEM_TASK_BACKEND"] = "django_tasks.backends.immediate.ImmediateBackend"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chatmem.settings")
    from chatmem.run_key import ensure_secret_key

    ensure_secret_key()
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,4000,8000")
    parser.add_argument("--profile", type=int, default=0, help="profile after_turn for this many characters")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as folder:
        setup_django(folder)
        from memory_app import service
        from memory_app.extraction.things import thing_kind

        service.after_turn("warm-up", "I keep bees on my roof.", tenant="bench")
        thing_kind("quoits")  # no vocabulary word names it: the embedder is asked, so the vocabulary gets embedded
        if args.profile:
            for language in ("zh", "en"):
                profiler = cProfile.Profile()
                profiler.runcall(service.after_turn, f"profile-{language}", long_message(language, args.profile),
                                 tenant="bench")
                print(f"--- {language}, {args.profile} characters")
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
            return
        print("after_turn, one long message, rules only (ms)")
        print("characters |       zh |       en")
        for size in sizes:
            timings = []
            for language in ("zh", "en"):
                message = long_message(language, size)
                started = time.perf_counter()
                record = service.after_turn(f"user-{language}-{size}", message, tenant="bench")
                timings.append((time.perf_counter() - started) * 1000)
                assert record.status == "processed", record
            print(f"{size:>10} | {timings[0]:>8.0f} | {timings[1]:>8.0f}")


if __name__ == "__main__":
    main()
