"""Changes and precedence: a later statement of the same thing (a move, a new job, a habit given up or switched)
lands on the key the earlier one used, so merging lets the newest win; within one sentence the rule with the
higher declared priority wins, whatever order the rules were registered in. Examples are invented for this file."""
import random

import pytest

from memory_app import service
from memory_app.extraction import extract, rules
from memory_app.extraction.language import Clause, Sentence
from memory_app.extraction.rules import Match, Rule, resolve
from memory_app.models import Memory, MemoryStatus


def keys_of(text, speaker="user"):
    return {candidate.key: candidate for candidate in extract(text, speaker=speaker, use_llm=False).candidates}


@pytest.mark.parametrize("earlier,later,key", [
    ("I live in Ghent", "We moved to Leuven last month", "profile.location.city"),
    ("I'm based in Tampere", "We've settled in Oulu now", "profile.location.city"),
    ("我住在珠海", "我上个月搬到佛山了", "profile.location.city"),
    ("我们一直住在洛阳", "我们去年搬来了济南", "profile.location.city"),
    ("I drink black tea with breakfast every day", "I gave up black tea", "drink.tea"),
    ("我每天都要喝一杯拿铁", "拿铁我已经戒了", "drink.coffee"),
    ("I love cola", "I switched from cola to sparkling water", "drink.soda"),
    ("我很爱喝可乐", "我把可乐换成了气泡水", "drink.soda"),
    ("I work at Fernwood Labs", "I started a new job at Calder Freight", "work.employer"),
    ("I'm a nurse", "I'm a paramedic now", "profile.occupation"),
    ("我是一名会计", "我现在是一名理财顾问", "profile.occupation"),
    ("游泳课在每周二下午", "游泳课挪到周四下午了", "schedule.游泳课"),
    ("Choir rehearsal is every Thursday night", "Choir rehearsal is every Monday night now", "schedule.choir_rehearsal"),
    ("以后寄东西都用申通", "算了，还是换成极兔吧", "shipping.carrier"),
    ("Please reply in Spanish", "Actually, answer in Portuguese from now on", "reply.language"),
    ("你叫我阿峰就行", "还是叫我小罗吧", "profile.preferred_name"),
])
def test_a_change_lands_on_the_key_of_the_earlier_statement(earlier, later, key):
    before, after = keys_of(earlier), keys_of(later)
    assert key in before, sorted(before)
    assert key in after, sorted(after)
    assert (before[key].value, before[key].polarity) != (after[key].value, after[key].polarity)


@pytest.mark.parametrize("text,old,new", [
    ("I switched from cola to sparkling water", "drink.soda", "drink.water"),
    ("我把可乐换成了气泡水", "drink.soda", "drink.气泡水"),
    ("I replaced my afternoon cola with iced tea", "drink.soda", "drink.tea"),
])
def test_a_switch_ends_the_old_habit_and_starts_the_new(text, old, new):
    candidates = keys_of(text)
    assert candidates[old].polarity == -1 and candidates[new].polarity == 1


@pytest.mark.parametrize("text,key", [
    ("I stopped eating red meat two years ago", "food.red_meat"), ("I quit drinking", "drink.alcohol"),
    ("我已经三个月不吃猪肉了", "food.pork"), ("奶茶我戒了", "drink.milk_tea"), ("我不再喝碳酸饮料了", "drink.碳酸饮料"),
])
def test_giving_something_up_is_a_refusal_on_the_things_key(text, key):
    candidates = keys_of(text)
    assert key in candidates and candidates[key].polarity == -1, sorted(candidates)


@pytest.mark.parametrize("text,key", [
    ("I can't get through a morning without espresso", "drink.coffee"), ("我不喝豆浆就没精神", "drink.soy_milk"),
    ("没有辣椒我就吃不下饭", "food.spicy"),
])
def test_a_double_negative_is_a_need_not_a_refusal(text, key):
    candidates = keys_of(text)
    assert key in candidates and candidates[key].polarity == 1, sorted(candidates)
    assert all(candidate.polarity >= 0 for candidate in candidates.values())


@pytest.mark.django_db
def test_merging_lets_the_newest_statement_win():
    service.remember("mover", "I live in Ghent")
    writes = service.remember("mover", "We moved to Leuven last month")
    assert [w.action for w in writes if w.key == "profile.location.city"] == ["superseded"]
    active = Memory.objects.get(user_id="mover", key="profile.location.city", status=MemoryStatus.ACTIVE)
    assert active.value == "Leuven" and active.version == 2


# --- precedence ----------------------------------------------------------------------------------------------

def test_a_change_outranks_a_like_of_the_same_thing_in_one_sentence():
    [candidate] = keys_of("I still like cola, but I gave up cola in May").values()
    assert candidate.key == "drink.soda" and candidate.polarity == -1
    assert keys_of("我以前很爱喝可乐，现在戒了可乐")["drink.soda"].polarity == -1


def test_a_specific_reading_outranks_a_catch_all_of_the_same_clause():
    keys = keys_of("我女儿对猕猴桃过敏")
    assert "health.allergy.daughter.猕猴桃" in keys and "family.daughter" not in keys
    keys = keys_of("I prefer DHL")
    assert "shipping.carrier" in keys and not any(key.startswith("hobby.") for key in keys)


def test_a_catch_all_keeps_what_a_specific_rule_did_not_read():
    keys = keys_of("I love sushi and hiking")
    assert "food.sushi" in keys and "hobby.hiking" in keys


def _sentence(text):
    return Sentence([Clause(text, "")])


def test_resolve_highest_priority_then_later_statement_then_rule_name():
    sentence = _sentence("x" * 40)
    low, high = Rule("b.low", 10, lambda ctx: []), Rule("a.high", 90, lambda ctx: [])
    first, later = Match("food.x", "first", 0, 5), Match("food.x", "later", 10, 15)
    assert [m.value for m in resolve([(high, first), (low, later)], sentence)] == ["first"]
    assert [m.value for m in resolve([(low, first), (low, later)], sentence)] == ["later"]
    same_a, same_b = Match("food.y", "from a", 0, 5), Match("food.y", "from b", 0, 5)
    named_a, named_b = Rule("a.rule", 50, lambda ctx: []), Rule("b.rule", 50, lambda ctx: [])
    assert [m.value for m in resolve([(named_a, same_a), (named_b, same_b)], sentence)] == ["from b"]
    assert [m.value for m in resolve([(named_b, same_b), (named_a, same_a)], sentence)] == ["from b"]


def test_resolve_a_fallback_yields_only_to_a_higher_reading_of_the_same_thing():
    sentence = _sentence("x" * 40)
    fallback, specific = Rule("z.fallback", 20, lambda ctx: [], fallback=True), Rule("a.specific", 60, lambda ctx: [])
    catch_all = Match("hobby.tennis", "tennis", 0, 10, entities=["tennis"])
    same = Match("shipping.carrier", "tennis", 0, 10, entities=["tennis"])
    other = Match("food.pear", "pear", 0, 10, entities=["pear"])
    assert [m.key for m in resolve([(fallback, catch_all), (specific, same)], sentence)] == ["shipping.carrier"]
    assert {m.key for m in resolve([(fallback, catch_all), (specific, other)], sentence)} == {"hobby.tennis", "food.pear"}


def test_the_outcome_does_not_depend_on_the_order_rules_were_registered(monkeypatch):
    messages = ["I still like cola, but I gave up cola in May", "我女儿对猕猴桃过敏", "I prefer DHL",
                "我在宁波一家港口公司当调度员", "My cat Ziggy sleeps on the radiator"]
    expected = [sorted((c.key, c.value, c.polarity) for c in extract(m, use_llm=False).candidates) for m in messages]
    shuffled = list(rules.RULES)
    random.Random(7).shuffle(shuffled)
    monkeypatch.setattr(rules, "RULES", shuffled)
    assert [sorted((c.key, c.value, c.polarity) for c in extract(m, use_llm=False).candidates) for m in messages] == expected


def test_every_rule_declares_a_priority_and_a_unique_name():
    extract("warm-up", use_llm=False)  # registers the topic modules
    names = [each.name for each in rules.RULES]
    assert len(names) == len(set(names)) and all(isinstance(each.priority, int) for each in rules.RULES)
